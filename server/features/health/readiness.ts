// GET /api/ready (docs/decisions/095-readiness-and-metrics.md): whether a balancer should send this
// instance traffic. /api/health stays the liveness check (the process and its database answer);
// ready also needs the schema at the code's newest migration and the background workers running,
// and turns 503 the moment the instance starts draining, before it stops listening.
import { Router } from "express";
import type { Db } from "../../platform/db/client";
import { pingDatabase } from "./service";

export interface ReadinessDeps {
  db: Db;
  /** The instance was told to stop: finishing what is in flight. */
  draining(): boolean;
  /** The database holds every migration this code ships. */
  migrationsAtHead(): Promise<boolean>;
  /** The alert worker (outbox, sweeps) and the auto-buy engine are running. */
  workersRunning(): boolean;
}

export function readinessRoutes(deps: ReadinessDeps) {
  // Mounted at /api/ready (server/app.ts).
  const router = Router();
  router.get("/", async (req, res) => {
    const draining = deps.draining();
    let database: "ok" | "unreachable" = "ok";
    let migrations: "at_head" | "behind" | "unknown" = "unknown";
    try {
      await pingDatabase(deps.db);
      migrations = (await deps.migrationsAtHead()) ? "at_head" : "behind";
    } catch (err) {
      database = "unreachable";
      req.log.warn({ err }, "readiness: database unreachable");
    }
    const workers = deps.workersRunning() ? "running" : "stopped";
    const ready = !draining && database === "ok" && migrations === "at_head" && workers === "running";
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ready ? "ready" : "not_ready", draining, database, migrations, workers });
  });
  return router;
}
