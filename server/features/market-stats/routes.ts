// GET /api/market/stats: the public price tape (docs/decisions/066-price-tape.md). No sign-in,
// rate limited per IP like the other public reads, cacheable for as long as the figures may lag.
import { Router } from "express";
import { marketStatsQuery } from "../../../shared/market-stats";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { createLimiter } from "../../platform/http/rate-limit";
import { parse } from "../../platform/http/validate";
import { marketStats } from "./service";

/** The figures are republished at most every 30 s: a cache may keep an answer that long. */
const STATS_CACHE = "public, max-age=30";

export function marketStatsRoutes({ db, now, config }: { db: Db; now: () => Date; config: Pick<Config, "RATE_LIMIT_PUBLIC_FORMS_PER_IP"> }) {
  const router = Router();
  // A page view asks once per filter change: ten times the public forms' allowance, as page events.
  const limiter = createLimiter({
    db,
    name: "market-stats",
    windowMs: 10 * 60_000,
    limit: config.RATE_LIMIT_PUBLIC_FORMS_PER_IP * 10,
    message: "Too many requests from your network. Please wait a few minutes and try again.",
  });
  router.get("/stats", limiter, async (req, res) => {
    const query = parse(marketStatsQuery, req.query);
    res.set("Cache-Control", STATS_CACHE).json(await marketStats(db, query, now()));
  });
  return router;
}
