// The job's test record over HTTP (docs/decisions/103-test-records.md). Thin: parse, service.
// Beside the pipeline's routes (/api/lead-purchases/:id/…). No DELETE of a record: it is kept 5 years.
// Its meter photos (docs/decisions/106-meter-photos.md): added from an upload, served as the card's
// photos are, removed only before the record is first marked tested.
import { Router } from "express";
import { purchaseIdParam } from "../../../shared/pipeline";
import {
  addMeterPhotoRequest,
  completeTestRecordRequest,
  meterPhotoParams,
  meterPhotoVariantParams,
  saveTestRecordRequest,
} from "../../../shared/test-records";
import { allow, currentUser } from "../../platform/access/authorize";
import { parse } from "../../platform/http/validate";
import { sendPhoto } from "../../core/photos";
import { addMeterPhoto, completeTestRecord, meterPhotoBytes, removeMeterPhoto, saveTestRecord, type TestRecordDeps } from "./service";
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
  router.post("/lead-purchases/:id/test-record/photos", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    const input = parse(addMeterPhotoRequest, req.body ?? {});
    res.status(201).json(await addMeterPhoto(deps, currentUser(req), id, input));
  });
  router.get("/lead-purchases/:id/test-record/photos/:photoId/:variant", pipelineUsers, async (req, res) => {
    const { id, photoId, variant } = parse(meterPhotoVariantParams, req.params);
    sendPhoto(res, await meterPhotoBytes(deps, currentUser(req), id, photoId, variant), "private, no-cache");
  });
  router.delete("/lead-purchases/:id/test-record/photos/:photoId", pipelineUsers, async (req, res) => {
    const { id, photoId } = parse(meterPhotoParams, req.params);
    res.json(await removeMeterPhoto(deps, currentUser(req), id, photoId));
  });
  return router;
}
