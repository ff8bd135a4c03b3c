// GET /api/insights (docs/decisions/067-insights.md): the electrician's return for a period.
import { Router } from "express";
import { insightsQuery } from "../../../shared/insights";
import { allow, currentUser } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { parse } from "../../platform/http/validate";
import { insightsFor } from "./service";

export function insightsRoutes(db: Db) {
  const router = Router();
  // Whoever works a pipeline sees its figures, a team member when their owner shares lead spend
  // (docs/decisions/087-lead-spend-private-from-the-team.md); whose jobs count is the service's question.
  router.get("/insights", allow("seeLeadSpend"), async (req, res) => {
    const period = parse(insightsQuery, req.query);
    res.set("Cache-Control", "no-store");
    res.json(await insightsFor(db, currentUser(req), period));
  });
  return router;
}
