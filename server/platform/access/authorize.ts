// The one authorization module (docs/product.md section 10 "Roles"). Every route that
// needs a person uses these; none inspects req.user or headers on its own.
import type { Request, RequestHandler } from "express";
import { type CurrentUser } from "../../../shared/auth";
import { AUTH_MESSAGES } from "../../../shared/auth-messages";
import { can, refusal, type Action } from "../../../shared/policy";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { bearerToken, findLiveAdminToken } from "./admin-tokens";

declare global {
  // passport types req.user as Express.User; ours is always the CurrentUser shape.
  namespace Express {
    interface User extends CurrentUser {}
    interface Request {
      /** Set by requireAdmin: when the operator admin's token expires. */
      adminTokenExpiresAt?: Date;
    }
  }
}

/** The signed-in user, or a 401 AppError. Use inside handlers behind allow(...). */
export function currentUser(req: Request): CurrentUser {
  const user = req.user;
  if (!user) throw new AppError(401, AUTH_MESSAGES.signedOut);
  return user;
}

/** Which action each guard made by allow() checks; the authorization test reads it to find unguarded routes. */
const guardedActions = new WeakMap<RequestHandler, Action>();

/** The route guard for a shared/policy.ts action: 401 when signed out, 403 with the refusal when not allowed. */
export function allow(action: Action): RequestHandler {
  const guard: RequestHandler = (req, _res, next) => {
    if (!req.user) return next(new AppError(401, AUTH_MESSAGES.signedOut));
    const refused = refusal(req.user, action);
    if (refused !== null) return next(new AppError(403, refused));
    next();
  };
  guardedActions.set(guard, action);
  return guard;
}

/** The action a handler guards when allow() made it, else undefined. */
export function policyActionOf(handler: unknown): Action | undefined {
  return typeof handler === "function" ? guardedActions.get(handler as RequestHandler) : undefined;
}

/**
 * Whose purchases this user works on ("my purchases"): a provider or super admin their own,
 * a team member their owner's. Scope every pipeline query by this id, never by user.id.
 */
export function pipelineOwnerId(user: CurrentUser): number {
  if (user.userType === "team_member" && user.teamOwnerId != null) return user.teamOwnerId;
  return user.id;
}

/** Whose purchases a call may touch: the pipeline owner's, or anyone's (null) for the super admin; anyone else's is "not found". */
export const purchaseOwnerFilter = (user: CurrentUser): number | null => (can(user, "workOnAnyPurchase") ? null : pipelineOwnerId(user));

/**
 * Operator admin routes: `Authorization: Bearer <token>` from POST /api/admin/login.
 * A session cookie, whatever its role, never opens them. 401 when missing, unknown or expired.
 */
export function requireAdmin(db: Db, now: () => Date = () => new Date()): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.get("authorization"));
    const expiresAt = token ? await findLiveAdminToken(db, token, now()) : undefined;
    if (!expiresAt) return next(new AppError(401, AUTH_MESSAGES.adminRequired));
    req.adminTokenExpiresAt = expiresAt;
    next();
  };
}
