// The job's test record over HTTP (docs/decisions/103-test-records.md). Thin: parse, service.
// Beside the pipeline's routes (/api/lead-purchases/:id/…). No DELETE: a record is kept 5 years.
import { Router } from "express";
import { purchaseIdParam } from "../../../shared/pipeline";
import { completeTestRecordRequest, saveTestRecordRequest } from "../../../shared/test-records";
import { allow, currentUser } from "../../platform/access/authorize";
import { parse } from "../../platform/http/validate";
import { completeTestRecord, saveTestRecord, type TestRecordDeps } from "./service";
import { testRecordOf } from "./view";

export function testRecordRoutes(deps: TestRecordDeps) {
  const router = Router();
  const pipelineUsers = allow("usePipeline");
  router.get("/lead-purchases/:id/test-record", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    res.set("Cache-Control", "no-store");
    res.json(await testRecordOf(deps.db, currentUser(req), id));
  });
  router.put("/lead-purchases/:id/test-record", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const input = parse(saveTestRecordRequest, req.body ?? {});
    res.json(await saveTestRecord(deps, currentUser(req), id, input));
  });
  router.post("/lead-purchases/:id/test-record/complete", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const input = parse(completeTestRecordRequest, req.body ?? {});
    res.json(await completeTestRecord(deps, currentUser(req), id, input));
  });
  return router;
}
