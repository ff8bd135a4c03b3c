// GET /api/notices and POST /api/notices/:id/dismiss: the notices on the signed-in person's
// dashboard (docs/decisions/081-notices-on-the-dashboard.md). Dismissing another person's, or
// one already dismissed, is a 204 as well: nothing of anyone else's is told.
import { Router } from "express";
import { noticeIdParam } from "../../../shared/notices";
import { allow, currentUser } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { parse } from "../../platform/http/validate";
import { dismissMyNotice, myNotices } from "./dashboard-notices";

export function noticeRoutes({ db, now }: { db: Db; now: () => Date }) {
  const router = Router();
  router.get("/", allow("useDashboard"), async (req, res) => {
    res.set("Cache-Control", "no-store").json(await myNotices(db, currentUser(req)));
  });
  router.post("/:id/dismiss", allow("useDashboard"), async (req, res) => {
    const { id } = parse(noticeIdParam, req.params);
    await dismissMyNotice(db, currentUser(req), id, now());
    res.status(204).end();
  });
  return router;
}
