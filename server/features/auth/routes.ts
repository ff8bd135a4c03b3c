// HTTP layer of accounts and sessions (docs/product.md section 7, auth calls): parse, rate limit,
// call the service, answer. Limiters are made per app so tests do not share counters.
import { Router, type RequestHandler } from "express";
import {
  customerSignupRequest,
  forgotPasswordRequest,
  providerSignupRequest,
  resetPasswordRequest,
  updateServiceAreaRequest,
  type ForgotPasswordRequest,
} from "../../../shared/auth";
import { AUTH_MESSAGES } from "../../../shared/auth-messages";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { createLimiter } from "../../platform/http/rate-limit";
import { siteOrigin } from "../../platform/http/site-origin";
import { parse } from "../../platform/http/validate";
import type { Logger } from "../../platform/logger";
import type { Mailer } from "../../platform/mail";
import { allow, currentUser } from "../../platform/access/authorize";
import { requestPasswordReset, resetPassword } from "./password-reset";
import { registerCustomer, registerProvider, startSession, updateServiceArea, type PasswordLogin } from "../../core/accounts";
import { syncSlugOf } from "../../core/providers";
import { SESSION_COOKIE } from "../../platform/http/session-cookie";

export interface AuthRouteDeps {
  db: Db;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  now: () => Date;
  /** Password sign-in, shared with the sign-in page's own form (server/features/auth/login-form.ts). */
  login: PasswordLogin;
}

const MINUTE = 60 * 1000;
export const RATE_LIMIT_MESSAGES = {
  login: AUTH_MESSAGES.tooManySignIns,
  forgot: "Too many password reset requests. Please wait an hour and try again.",
  signup: "Too many sign-up attempts from this network. Please wait a few minutes and try again.",
} as const;

export function authRoutes(deps: AuthRouteDeps) {
  const { db, config, now, login } = deps;
  const router = Router();

  // Keyed by the parsed email (parseForgot runs first): malformed requests get their 400
  // and never share one "email:" counter that would lock everyone out.
  const forgotPerEmail = createLimiter({
    db,
    name: "forgot-email",
    windowMs: 60 * MINUTE,
    limit: config.RATE_LIMIT_FORGOT_PER_EMAIL,
    message: RATE_LIMIT_MESSAGES.forgot,
    key: (_req, res) => `email:${(res.locals.forgot as ForgotPasswordRequest).email.toLowerCase()}`,
  });
  const parseForgot: RequestHandler = (req, res, next) => {
    res.locals.forgot = parse(forgotPasswordRequest, req.body ?? {});
    next();
  };
  const forgotPerIp = createLimiter({
    db,
    name: "forgot-ip",
    windowMs: 60 * MINUTE,
    limit: config.RATE_LIMIT_LOGIN_PER_IP,
    message: RATE_LIMIT_MESSAGES.forgot,
  });
  const signupPerIp = createLimiter({
    db,
    name: "signup-ip",
    windowMs: 10 * MINUTE,
    limit: config.RATE_LIMIT_PUBLIC_FORMS_PER_IP,
    message: RATE_LIMIT_MESSAGES.signup,
  });

  router.get("/auth/me", allow("seeOwnAccount"), (req, res) => {
    res.set("Cache-Control", "no-store");
    res.json(currentUser(req));
  });

  router.post("/auth/login", ...login.limits, async (req, res) => {
    res.json(await login.signIn(req, res));
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
    // An invited provider is approved at once: their public profile gets its address (docs/decisions/060-public-profiles.md).
    await syncSlugOf(db, user.id, now());
    await startSession(req, user);
    res.status(201).json(user);
  });

  router.post("/auth/customer/signup", signupPerIp, async (req, res) => {
    const input = parse(customerSignupRequest, req.body ?? {});
    const user = await registerCustomer(db, input);
    await startSession(req, user);
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
    const user = await updateServiceArea(db, currentUser(req).id, input, now());
    // The suburb is part of the profile's slug: a move gives a new one, the old answers 301.
    await syncSlugOf(db, user.id, now());
    res.json(user);
  });

  return router;
}
