// The operator admin API (issue 7): every route behind the bearer token (requireAdmin).
// Thin: parse, call the service or repo, answer.
import { Router, type Request } from "express";
import {
  adminCallbacksQuery,
  adminIdParam,
  adminLeadsQuery,
  adminProvidersQuery,
  adminReportsQuery,
  callbackUpdate,
  discountCodeCreate,
  discountCodeUpdate,
  providerActiveUpdate,
  reportDecisionNote,
} from "../../shared/admin";
import { requireAdmin } from "../auth/authorize";
import type { Config } from "../config";
import { parse } from "../http/validate";
import { adminAnalytics } from "./analytics-service";
import { updateCallback } from "./callbacks-service";
import { createDiscountCode, setDiscountCodeActiveState } from "./discount-service";
import { setProviderActiveState } from "./providers-service";
import { listCallbacks, listDiscountCodes, listLeads, listProviders } from "./repo";
import { adminReportList, approveReport, rejectReport, type ReportDeps } from "./reports-service";

export interface AdminRouteDeps extends ReportDeps {
  config: Pick<Config, "ADMIN_USERNAME" | "PUBLIC_URL">;
}

/** Where links in answers point: PUBLIC_URL when set, else the origin this request came to. */
export function siteOrigin(req: Request, config: Pick<Config, "PUBLIC_URL">) {
  return config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `${req.protocol}://${req.get("host")}`;
}

export function adminRoutes(deps: AdminRouteDeps) {
  const { db, now, config } = deps;
  const router = Router();
  const admin = requireAdmin(db, now);
  router.use("/admin", (req, res, next) => {
    // Operator data is never cached by the browser or a proxy.
    res.set("Cache-Control", "no-store");
    next();
  });

  router.get("/admin/analytics", admin, async (_req, res) => {
    res.json(await adminAnalytics(db, now()));
  });

  router.get("/admin/providers", admin, async (req, res) => {
    const query = parse(adminProvidersQuery, req.query);
    const { items, total } = await listProviders(db, query);
    res.json({ items, total, limit: query.limit, offset: query.offset });
  });

  router.patch("/admin/providers/:id", admin, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    const { isActive } = parse(providerActiveUpdate, req.body ?? {});
    res.json(await setProviderActiveState(db, id, isActive, now()));
  });

  router.get("/admin/leads", admin, async (req, res) => {
    const query = parse(adminLeadsQuery, req.query);
    const { items, total } = await listLeads(db, query);
    res.json({ items, total, limit: query.limit, offset: query.offset });
  });

  router.get("/admin/callbacks", admin, async (req, res) => {
    const query = parse(adminCallbacksQuery, req.query);
    const { items, total } = await listCallbacks(db, query);
    res.json({ items, total, limit: query.limit, offset: query.offset });
  });

  router.patch("/admin/callbacks/:id", admin, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    const update = parse(callbackUpdate, req.body ?? {});
    const operator = config.ADMIN_USERNAME ?? "operator";
    res.json(await updateCallback({ db, now, operator }, id, update, siteOrigin(req, config)));
  });

  router.get("/admin/discount-codes", admin, async (_req, res) => {
    res.json(await listDiscountCodes(db));
  });

  router.post("/admin/discount-codes", admin, async (req, res) => {
    const input = parse(discountCodeCreate, req.body ?? {});
    res.status(201).json(await createDiscountCode(db, input, now()));
  });

  router.patch("/admin/discount-codes/:id", admin, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    const { isActive } = parse(discountCodeUpdate, req.body ?? {});
    res.json(await setDiscountCodeActiveState(db, id, isActive, now()));
  });

  router.get("/admin/reports", admin, async (req, res) => {
    res.json(await adminReportList(db, parse(adminReportsQuery, req.query)));
  });

  router.post("/admin/reports/:id/approve", admin, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    res.json(await approveReport(deps, id, parse(reportDecisionNote, req.body ?? {})));
  });

  router.post("/admin/reports/:id/reject", admin, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    res.json(await rejectReport(deps, id, parse(reportDecisionNote, req.body ?? {})));
  });

  return router;
}
