// The operator admin API: every route behind the bearer token (requireAdmin).
// Thin: parse, call the service or repo, answer.
import { Router, type RequestHandler } from "express";
import type { z } from "zod";
import { adminCallbacksQuery, adminIdParam, adminLeadsQuery, adminProvidersQuery, callbackUpdate, providerActiveUpdate } from "../../../shared/admin";
import { requireAdmin } from "../../platform/access/authorize";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import type { PageArgs } from "../../platform/db/paging";
import { siteOrigin } from "../../platform/http/site-origin";
import { parse } from "../../platform/http/validate";
import { disputesForOperator } from "../../core/disputes";
import { adminAnalytics } from "./analytics-service";
import { updateCallback } from "./callbacks-service";
import { setProviderActiveState } from "./providers-service";
import { listCallbacks } from "./callbacks-service";
import { listProviders } from "./providers-service";
import { listLeads } from "./leads-service";

export interface AdminRouteDeps {
  db: Db;
  now: () => Date;
  config: Pick<Config, "ADMIN_USERNAME" | "PUBLIC_URL">;
}

/**
 * The operator's side of another feature, which keeps its routes in its own folder: server/app.ts
 * hands each in, and it is mounted here behind the same bearer token (docs/decisions/074).
 */
export type OperatorRoutes = (admin: RequestHandler) => Router;

export function adminRoutes(deps: AdminRouteDeps, operatorRoutes: OperatorRoutes[] = []) {
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

  // Chargebacks, the soonest evidence deadline first (docs/decisions/093-disputes.md).
  router.get("/disputes", admin, async (_req, res) => {
    res.json({ items: await disputesForOperator(db) });
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

  for (const routes of operatorRoutes) router.use(routes(admin));

  return router;
}
