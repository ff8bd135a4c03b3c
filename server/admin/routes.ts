// The operator admin API: every route behind the bearer token (requireAdmin).
// Thin: parse, call the service or repo, answer.
import { Router } from "express";
import type { z } from "zod";
import { adminCallbacksQuery, adminIdParam, adminLeadsQuery, adminProvidersQuery, callbackUpdate, providerActiveUpdate } from "../../shared/admin";
import { requireAdmin } from "../auth";
import { operatorReportRoutes } from "../bad-leads";
import type { ReportDeps } from "../bad-leads";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { PageArgs } from "../db/paging";
import { operatorDiscountRoutes } from "../discounts";
import { siteOrigin } from "../http/site-origin";
import { parse } from "../http/validate";
import { adminAnalytics } from "./analytics-service";
import { updateCallback } from "./callbacks-service";
import { setProviderActiveState } from "./providers-service";
import { listCallbacks } from "./callbacks-service";
import { listProviders } from "./providers-service";
import { listLeads } from "./leads-service";
import type { Mailer } from "../mail";
import { operatorVerificationRoutes } from "../vetting";
import { operatorReviewRoutes } from "../operator-reviews";
import { customerReviewAdminRoutes } from "../reviews";
import type { MarketEvents } from "../events";

export interface AdminRouteDeps extends ReportDeps {
  config: Pick<Config, "ADMIN_USERNAME" | "PUBLIC_URL">;
  mailer: Mailer;
  /** A verdict on a provider reaches their open dashboards (decision 037). */
  events: Pick<MarketEvents, "accountChanged">;
}

export function adminRoutes(deps: AdminRouteDeps) {
  const { db, now, config } = deps;
  // Mounted at /api/admin (server/app.ts): the paths below are relative to it.
  const router = Router();
  const admin = requireAdmin(db, now);
  router.use((req, res, next) => {
    // Operator data is never cached by the browser or a proxy.
    res.set("Cache-Control", "no-store");
    next();
  });

  router.get("/analytics", admin, async (_req, res) => {
    res.json(await adminAnalytics(db, now()));
  });

  /** A paged list: the page asked for, its total, and the limit and offset it answers. */
  function pagedList<Q extends PageArgs>(path: string, schema: z.ZodType<Q>, list: (db: Db, query: Q) => Promise<{ items: unknown[]; total: number }>) {
    router.get(path, admin, async (req, res) => {
      const query = parse(schema, req.query);
      const { items, total } = await list(db, query);
      res.json({ items, total, limit: query.limit, offset: query.offset });
    });
  }

  // Each provider with their missed promises of the last 30 days by the app's clock (docs/decisions/049).
  pagedList("/providers", adminProvidersQuery, (db, query) => listProviders(db, { ...query, now: now() }));

  router.patch("/providers/:id", admin, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    const { isActive } = parse(providerActiveUpdate, req.body ?? {});
    res.json(await setProviderActiveState(db, id, isActive, now()));
  });

  pagedList("/leads", adminLeadsQuery, listLeads);
  pagedList("/callbacks", adminCallbacksQuery, listCallbacks);

  router.patch("/callbacks/:id", admin, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    const update = parse(callbackUpdate, req.body ?? {});
    const operator = config.ADMIN_USERNAME ?? "operator";
    res.json(await updateCallback({ db, now, operator }, id, update, siteOrigin(req, config)));
  });

  // The operator's side of two features that keep their routes in their own folders.
  router.use(operatorDiscountRoutes({ db, now }, admin));
  router.use(operatorReportRoutes(deps, admin));
  router.use(operatorVerificationRoutes(deps, admin));
  // The review queue: cases the after-sale rules leave to the operator (docs/decisions/049).
  router.use(operatorReviewRoutes({ db, now }, admin));
  // Customers' reviews: hidden only for a published reason (docs/decisions/058-reviews.md).
  router.use(customerReviewAdminRoutes({ db, now }, admin));

  return router;
}
