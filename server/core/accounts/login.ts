// Signing in with a username (or e-mail) and password: one set of rules for the JSON API
// (POST /api/auth/login) and the sign-in page's own form (POST /login, docs/decisions/036).
// The same zod schema, the same passport strategy, the same session and the same counters of
// failed attempts, so a person cannot get more tries by switching between the two.
import type { Request, RequestHandler, Response } from "express";
import { loginRequest, type CurrentUser } from "../../../shared/auth";
import { AUTH_MESSAGES } from "../../../shared/auth-messages";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";
import { createLimiter } from "../../platform/http/rate-limit";
import { parse } from "../../platform/http/validate";
import type { SessionSetup } from "./session";

const MINUTE = 60 * 1000;

export interface PasswordLogin {
  /** The failed-sign-in limits, to run before `signIn` on every route that signs in with a password. */
  limits: RequestHandler[];
  /** Parses the body, checks the password, starts the session; throws the refusal as an AppError (400, 401, 403). */
  signIn(req: Request, res: Response): Promise<CurrentUser>;
}

/** Signs `user` in on a fresh session id (passport regenerates the session: no fixation). */
export function startSession(req: Request, user: CurrentUser) {
  return new Promise<void>((resolve, reject) => req.logIn(user, (err) => (err ? reject(err) : resolve())));
}

const typedName = (req: Request) => {
  const value = (req.body as Record<string, unknown> | undefined)?.username;
  return typeof value === "string" ? value.trim().toLowerCase() : "";
};

/** Counted only when no session was started, whatever the answer (the form answers a refusal with a 303). */
const signedIn = (_req: Request, res: Response) => res.locals.signedIn === true;

export function passwordLogin(deps: { db: Db; config: Config; sessions: SessionSetup }): PasswordLogin {
  const { db, config } = deps;
  const { passport } = deps.sessions;
  // docs/product.md section 10: failed logins 10 / 15 min per username, 100 / 15 min per IP.
  const perIp = createLimiter({
    db,
    name: "login-ip",
    windowMs: 15 * MINUTE,
    limit: config.RATE_LIMIT_LOGIN_PER_IP,
    message: AUTH_MESSAGES.tooManySignIns,
    skipSuccessfulRequests: true,
    succeeded: signedIn,
  });
  const perUsername = createLimiter({
    db,
    name: "login-username",
    windowMs: 15 * MINUTE,
    limit: config.RATE_LIMIT_LOGIN_PER_USERNAME,
    message: AUTH_MESSAGES.tooManySignIns,
    skipSuccessfulRequests: true,
    succeeded: signedIn,
    // What was typed, username or e-mail (docs/decisions/032), trimmed and lower-cased.
    key: (req) => `username:${typedName(req)}`,
  });

  async function signIn(req: Request, res: Response) {
    parse(loginRequest, req.body ?? {});
    const user = await new Promise<CurrentUser>((resolve, reject) => {
      passport.authenticate("local", { session: false }, (err: unknown, found: CurrentUser | false, info?: { message?: string; status?: number }) => {
        if (err) return reject(err as Error);
        if (!found) return reject(new AppError(info?.status ?? 401, info?.message ?? AUTH_MESSAGES.invalidCredentials));
        resolve(found);
      })(req, res, reject);
    });
    await startSession(req, user);
    res.locals.signedIn = true;
    return user;
  }

  return { limits: [perIp, perUsername], signIn };
}
