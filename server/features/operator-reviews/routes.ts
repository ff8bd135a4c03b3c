// The operator's review queue under /api/admin (docs/decisions/049): bearer-token routes, mounted
// inside the operator's router. Thin: parse, service, answer.
import { Router, type RequestHandler } from "express";
import { adminIdParam } from "../../../shared/admin";
import { adminReviewsQuery, reviewDecision } from "../../../shared/operator-reviews";
import type { Db } from "../../platform/db/client";
import { parse } from "../../platform/http/validate";
import { decideReview, reviewQueue } from "../../core/operator-reviews";

export function operatorReviewRoutes(deps: { db: Db; now: () => Date }, operator: RequestHandler) {
  const router = Router();
  router.get("/reviews", operator, async (req, res) => {
    res.json(await reviewQueue(deps.db, parse(adminReviewsQuery, req.query)));
  });
  router.post("/reviews/:id/decision", operator, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    res.json(await decideReview(deps.db, id, parse(reviewDecision, req.body ?? {}), deps.now()));
  });
  return router;
}
