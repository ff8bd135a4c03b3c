// The one authorization module (issue 3, DESIGN.md section 4 "Roles"). Every route that
// needs a person uses these; none inspects req.user or headers on its own.
import type { Request, RequestHandler } from "express";
import { AUTH_MESSAGES, type CurrentUser } from "../../shared/auth";
import type { UserType } from "../../shared/enums";
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

/** The signed-in user, or a 401 AppError. Use inside handlers behind requireUser/requireRole. */
export function currentUser(req: Request): CurrentUser {
  const user = req.user;
  if (!user) throw new AppError(401, AUTH_MESSAGES.signedOut);
  return user;
}

/** 401 {message} when nobody is signed in. */
export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new AppError(401, AUTH_MESSAGES.signedOut));
  next();
};

/** 401 when signed out, 403 when signed in with another role. */
export function requireRole(...roles: UserType[]): RequestHandler {
  return requireRoleSaying(roles, {});
}

/** requireRole whose 403 tells a refused role why, e.g. a team member that only the owner may. */
export function requireRoleSaying(roles: readonly UserType[], refusals: Partial<Record<UserType, string>>): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(new AppError(401, AUTH_MESSAGES.signedOut));
    const { userType } = req.user;
    if (!roles.includes(userType)) return next(new AppError(403, refusals[userType] ?? AUTH_MESSAGES.forbidden));
    next();
  };
}

/**
 * Whose purchases this user works on ("my purchases"): a provider or super admin their own,
 * a team member their owner's. Scope every pipeline query by this id, never by user.id.
 */
export function pipelineOwnerId(user: CurrentUser): number {
  if (user.userType === "team_member" && user.teamOwnerId != null) return user.teamOwnerId;
  return user.id;
}

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
