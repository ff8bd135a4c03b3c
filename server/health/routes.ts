import { Router } from "express";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

export function healthRoutes(db: Db) {
  const router = Router();
  router.get("/health", async (req, res) => {
    try {
      await db.execute(sql`select 1`);
      res.json({ status: "ok", database: "ok" });
    } catch (err) {
      req.log.error({ err }, "health check: database unreachable");
      res.status(503).json({ status: "error", database: "unreachable" });
    }
  });
  return router;
}
