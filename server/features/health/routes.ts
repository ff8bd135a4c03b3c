import { Router } from "express";
import type { Db } from "../../platform/db/client";
import { pingDatabase } from "./service";

export function healthRoutes(db: Db) {
  // Mounted at /api/health (server/app.ts): the paths below are relative to it.
  const router = Router();
  router.get("/", async (req, res) => {
    try {
      await pingDatabase(db);
      res.json({ status: "ok", database: "ok" });
    } catch (err) {
      req.log.error({ err }, "health check: database unreachable");
      res.status(503).json({ status: "error", database: "unreachable" });
    }
  });
  return router;
}
