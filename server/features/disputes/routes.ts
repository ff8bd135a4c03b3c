// The operator's side of a dispute's evidence under /api/admin (docs/decisions/094-dispute-
// evidence.md): the pack as it would go, and sending it. Thin: parse, service, answer.
import { Router, type RequestHandler } from "express";
import { adminIdParam } from "../../../shared/admin";
import { evidenceSubmission } from "../../../shared/dispute-evidence";
import { parse } from "../../platform/http/validate";
import { evidenceView, sendEvidenceAsOperator, type DisputeEvidenceDeps } from "./submit";

export function operatorDisputeRoutes(deps: DisputeEvidenceDeps, operator: RequestHandler) {
  const router = Router();
  router.get("/disputes/:id/evidence", operator, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    res.json(await evidenceView(deps, id));
  });
  router.post("/disputes/:id/evidence", operator, async (req, res) => {
    const { id } = parse(adminIdParam, req.params);
    const { note } = parse(evidenceSubmission, req.body ?? {});
    res.json(await sendEvidenceAsOperator(deps, id, note || null));
  });
  return router;
}
