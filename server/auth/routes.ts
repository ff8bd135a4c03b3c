// HTTP layer of accounts and sessions (docs/product.md section 7, auth calls): parse, rate limit,
// call the service, answer. Limiters are made per app so tests do not share counters.
import { Router, type Request, type RequestHandler } from "express";
import {
  customerSignupRequest,
  forgotPasswordRequest,
  loginRequest,
  providerSignupRequest,
  resetPasswordRequest,
  updateServiceAreaRequest,
  type CurrentUser,
  type ForgotPasswordRequest,
} from "../../shared/auth";
import { AUTH_MESSAGES } from "../../shared/auth-messages";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { createLimiter } from "../http/rate-limit";
import { siteOrigin } from "../http/site-origin";
import { parse } from "../http/validate";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { allow, currentUser } from "./authorize";
import { requestPasswordReset, resetPassword } from "./password-reset";
import { registerCustomer, registerProvider, updateServiceArea } from "./service";
import { SESSION_COOKIE, type SessionSetup } from "./session";

export interface AuthRouteDeps {
  db: Db;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  now: () => Date;
  sessions: SessionSetup;
}

const MINUTE = 60 * 1000;
export const RATE_LIMIT_MESSAGES = {
  login: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
  forgot: "Too many password reset requests. Please wait an hour and try again.",
  signup: "Too many sign-up attempts from this network. Please wait a few minutes and try again.",
} as const;

const bodyField = (req: Request, field: string) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === "string" ? value.trim().toLowerCase() : "";
};

/** Signs `user` in on a fresh session id (passport regenerates the session: no fixation). */
function signIn(req: Request, user: CurrentUser) {
  return new Promise<void>((resolve, reject) => req.logIn(user, (err) => (err ? reject(err) : resolve())));
}

export function authRoutes(deps: AuthRouteDeps) {
  const { db, config, now } = deps;
  const { passport } = deps.sessions;
  const router = Router();

  // docs/product.md section 10: failed logins 10 / 15 min per username, 100 / 15 min per IP.
  const loginPerIp = createLimiter({
    windowMs: 15 * MINUTE,
    limit: config.RATE_LIMIT_LOGIN_PER_IP,
    message: RATE_LIMIT_MESSAGES.login,
    skipSuccessfulRequests: true,
  });
  const loginPerUsername = createLimiter({
    windowMs: 15 * MINUTE,
    limit: config.RATE_LIMIT_LOGIN_PER_USERNAME,
    message: RATE_LIMIT_MESSAGES.login,
    skipSuccessfulRequests: true,
    // What was typed, username or e-mail (docs/decisions/032), trimmed and lower-cased.
    key: (req) => `username:${bodyField(req, "username")}`,
  });
  // Keyed by the parsed email (parseForgot runs first): malformed requests get their 400
  // and never share one "email:" counter that would lock everyone out.
  const forgotPerEmail = createLimiter({
    windowMs: 60 * MINUTE,
    limit: config.RATE_LIMIT_FORGOT_PER_EMAIL,
    message: RATE_LIMIT_MESSAGES.forgot,
    key: (_req, res) => `email:${(res.locals.forgot as ForgotPasswordRequest).email.toLowerCase()}`,
  });
  const parseForgot: RequestHandler = (req, res, next) => {
    res.locals.forgot = parse(forgotPasswordRequest, req.body ?? {});
    next();
  };
  const forgotPerIp = createLimiter({ windowMs: 60 * MINUTE, limit: config.RATE_LIMIT_LOGIN_PER_IP, message: RATE_LIMIT_MESSAGES.forgot });
  const signupPerIp = createLimiter({ windowMs: 10 * MINUTE, limit: config.RATE_LIMIT_PUBLIC_FORMS_PER_IP, message: RATE_LIMIT_MESSAGES.signup });

  router.get("/auth/me", allow("seeOwnAccount"), (req, res) => {
    res.set("Cache-Control", "no-store");
    res.json(currentUser(req));
  });

  router.post("/auth/login", loginPerIp, loginPerUsername, (req, res, next) => {
    parse(loginRequest, req.body ?? {});
    passport.authenticate("local", { session: false }, (err: unknown, user: CurrentUser | false, info?: { message?: string; status?: number }) => {
      if (err) return next(err);
      if (!user) return next(new AppError(info?.status ?? 401, info?.message ?? AUTH_MESSAGES.invalidCredentials));
      signIn(req, user).then(() => res.json(user), next);
    })(req, res, next);
  });

  router.post("/auth/logout", (req, res, next) => {
    req.logout((err) => {
      if (err) return next(err);
      req.session.destroy((destroyErr) => {
        if (destroyErr) return next(destroyErr);
        res.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: config.isProduction });
        res.json({ message: "Logged out" });
      });
    });
  });

  router.post("/auth/provider/signup", signupPerIp, async (req, res) => {
    const input = parse(providerSignupRequest, req.body ?? {});
    const user = await registerProvider(db, input, now());
    await signIn(req, user);
    res.status(201).json(user);
  });

  router.post("/auth/customer/signup", signupPerIp, async (req, res) => {
    const input = parse(customerSignupRequest, req.body ?? {});
    const user = await registerCustomer(db, input);
    await signIn(req, user);
    res.status(201).json(user);
  });

  router.post("/auth/forgot-password", forgotPerIp, parseForgot, forgotPerEmail, async (req, res) => {
    const { email } = res.locals.forgot as ForgotPasswordRequest;
    res.json(await requestPasswordReset(deps, email, siteOrigin(req, config)));
  });

  router.post("/auth/reset-password", async (req, res) => {
    const { token, password } = parse(resetPasswordRequest, req.body ?? {});
    await resetPassword(deps, token, password, req.sessionID);
    res.json({ message: AUTH_MESSAGES.passwordUpdated });
  });

  router.patch("/auth/update-service-area", allow("updateServiceArea"), async (req, res) => {
    const input = parse(updateServiceAreaRequest, req.body ?? {});
    res.json(await updateServiceArea(db, currentUser(req).id, input, now()));
  });

  return router;
}
