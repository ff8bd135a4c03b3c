// Vetted electricians over HTTP (docs/decisions/033): the provider's own standing (session) and the
// operator's queue and verdicts (bearer token). Thin: parse, call, answer.
import { Router, type RequestHandler } from "express";
import { adminIdParam, adminVerificationQuery } from "../../../shared/admin";
import { licenceRenewal, verificationReject } from "../../../shared/vetting";
import { allow, currentUser } from "../../platform/access/authorize";
import type { Config } from "../../platform/config";
import { siteOrigin } from "../../platform/http/site-origin";
import { parse } from "../../platform/http/validate";
import { approveProvider, listVerificationQueue, rejectProvider, renewLicence, type VerdictDeps } from "./service";
import { licenceStandingOf } from "../../core/providers";

/** GET /api/auth/verification: what the dashboard says about buying, for this user's account. */
export function verificationRoutes(deps: Pick<VerdictDeps, "db" | "now">) {
  // Mounted at /api/auth (server/app.ts): the paths below are relative to it.
  const router = Router();
  router.get("/verification", allow("useDashboard"), async (req, res) => {
    res.set("Cache-Control", "no-store");
    res.json(await licenceStandingOf(deps.db, currentUser(req), deps.now()));
  });
  return router;
}

/** Mounted by server/features/admin/routes.ts behind its `admin` guard. */
export function operatorVerificationRoutes(deps: VerdictDeps & { config: Pick<Config, "PUBLIC_URL"> }, admin: RequestHandler) {
  // Mounted at /api/admin, inside the operator's router (server/app.ts): the paths below are relative to it.
  const router = Router();
  router.get("/verification", admin, async (req, res) => {
    const query = parse(adminVerificationQuery, req.query);
    const { items, total } = await listVerificationQueue(deps.db, query);
    res.json({ items, total, limit: query.limit, offset: query.offset });
  });

  router.post("/providers/:id/approve", admin, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    res.json(await approveProvider(deps, id, siteOrigin(req, deps.config)));
  });

  router.post("/providers/:id/reject", admin, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    const { reason } = parse(verificationReject, req.body ?? {});
    res.json(await rejectProvider(deps, id, reason));
  });

  // A renewed licence, sent to us by e-mail, recorded by the operator (no provider self-service).
  router.post("/providers/:id/licence", admin, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    const licence = parse(licenceRenewal, req.body ?? {});
    res.json(await renewLicence(deps, id, licence));
  });
  return router;
}
