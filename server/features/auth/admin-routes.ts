// Operator admin sign-in (docs/runtime.md section 2): POST /api/admin/login → { token }. Later
// admin routes mount behind requireAdmin.
import { Router } from "express";
import { adminLoginRequest } from "../../../shared/auth";
import { AUTH_MESSAGES } from "../../../shared/auth-messages";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";
import { createLimiter } from "../../platform/http/rate-limit";
import { parse } from "../../platform/http/validate";
import { adminCredentialsMatch, bearerToken, issueAdminToken, revokeAdminToken } from "../../platform/access/admin-tokens";
import { requireAdmin } from "../../platform/access/authorize";
import { RATE_LIMIT_MESSAGES } from "./routes";

export function adminAuthRoutes(deps: { db: Db; config: Config; now: () => Date }) {
  const { db, config, now } = deps;
  const router = Router();
  // One operator account: a per-username limit would let anyone lock the operator out.
  const loginPerIp = createLimiter({
    db,
    name: "operator-login",
    windowMs: 15 * 60 * 1000,
    limit: config.RATE_LIMIT_LOGIN_PER_USERNAME,
    message: RATE_LIMIT_MESSAGES.login,
    skipSuccessfulRequests: true,
  });

  router.post("/admin/login", loginPerIp, async (req, res) => {
    const { username, password } = parse(adminLoginRequest, req.body ?? {});
    if (!adminCredentialsMatch(config, username, password)) throw new AppError(401, AUTH_MESSAGES.invalidCredentials);
    const { token, expiresAt } = await issueAdminToken(db, now());
    res.set("Cache-Control", "no-store");
    res.json({ token, expiresAt: expiresAt.toISOString() });
  });

  /** Lets the admin screen check a stored token at load. */
  router.get("/admin/session", requireAdmin(db, now), (req, res) => {
    res.json({ expiresAt: req.adminTokenExpiresAt!.toISOString() });
  });

  router.post("/admin/logout", requireAdmin(db, now), async (req, res) => {
    await revokeAdminToken(db, bearerToken(req.get("authorization"))!);
    res.json({ message: "Logged out" });
  });

  return router;
}
