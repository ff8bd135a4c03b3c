// GET /api/admin/auction-health: the operator's view of the auction by region and week
// (docs/decisions/066-price-tape.md). Bearer token only, never cached, like every operator route.
import { Router } from "express";
import { requireAdmin } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { operatorAuctionHealth } from "./service";

export function auctionHealthRoutes({ db, now }: { db: Db; now: () => Date }) {
  const router = Router();
  router.get("/auction-health", requireAdmin(db, now), async (_req, res) => {
    res.set("Cache-Control", "no-store").json(await operatorAuctionHealth(db, now()));
  });
  return router;
}
