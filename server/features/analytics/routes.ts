// POST /api/analytics/track (docs/product.md section 7). Stored for the admin dashboard; a storage
// failure is logged and still answered 204, because analytics must never break a page.
import { Router, type RequestHandler } from "express";
import { trackEventSchema } from "../../../shared/analytics";
import type { Db } from "../../platform/db/client";
import { parse } from "../../platform/http/validate";
import { storeEvent } from "./service";

export function analyticsRoutes(db: Db, deps: { limiter: RequestHandler; now: () => Date }) {
  // Mounted at /api/analytics (server/app.ts): the paths below are relative to it.
  const router = Router();
  router.post("/track", deps.limiter, async (req, res) => {
    const event = parse(trackEventSchema, req.body ?? {});
    try {
      await storeEvent(db, { ...event, userAgent: event.userAgent ?? req.get("user-agent")?.slice(0, 500) ?? null }, deps.now());
    } catch (err) {
      req.log.warn({ err }, "analytics event not stored");
    }
    res.status(204).end();
  });
  return router;
}
