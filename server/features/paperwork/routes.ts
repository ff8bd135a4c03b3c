// The job's paperwork over HTTP (docs/decisions/105-paperwork-on-the-card.md). Thin: parse, service.
// Beside the pipeline's routes (/api/lead-purchases/:id/…). No DELETE: what is done is kept 5 years.
import { Router } from "express";
import { documentKeyParam, issueCertificateRequest, lodgeDocumentRequest, savePaperworkRequest } from "../../../shared/paperwork";
import { purchaseIdParam } from "../../../shared/pipeline";
import { allow, currentUser } from "../../platform/access/authorize";
import { parse } from "../../platform/http/validate";
import { certificatePdf, testReportPdf } from "./pdf";
import { issueCertificate, lodgeDocument, savePaperwork, type PaperworkDeps } from "./service";
import { paperworkOf } from "./view";

export function paperworkRoutes(deps: PaperworkDeps) {
  const router = Router();
  const pipelineUsers = allow("usePipeline");
  const sendPdf = (res: import("express").Response, file: { pdf: Buffer; fileName: string }) => {
    // A certificate carries the customer's name and address: never cached anywhere.
    res.set("Cache-Control", "private, no-store");
    res.attachment(file.fileName);
    res.type("application/pdf").send(file.pdf);
  };
  router.get("/lead-purchases/:id/paperwork", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    res.set("Cache-Control", "no-store");
    res.json(await paperworkOf(deps.db, currentUser(req), id, deps.now()));
  });
  router.put("/lead-purchases/:id/paperwork", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    res.json(await savePaperwork(deps, currentUser(req), id, parse(savePaperworkRequest, req.body ?? {})));
  });
  router.post("/lead-purchases/:id/paperwork/:document/issue", pipelineUsers, async (req, res) => {
    const { id, document } = parse(documentKeyParam, req.params);
    res.json(await issueCertificate(deps, currentUser(req), id, document, parse(issueCertificateRequest, req.body ?? {})));
  });
  router.post("/lead-purchases/:id/paperwork/:document/lodged", pipelineUsers, async (req, res) => {
    const { id, document } = parse(documentKeyParam, req.params);
    res.json(await lodgeDocument(deps, currentUser(req), id, document, parse(lodgeDocumentRequest, req.body ?? {})));
  });
  router.get("/lead-purchases/:id/paperwork/:document/pdf", pipelineUsers, async (req, res) => {
    const { id, document } = parse(documentKeyParam, req.params);
    sendPdf(res, await certificatePdf(deps.db, currentUser(req), id, document));
  });
  router.get("/lead-purchases/:id/test-report/pdf", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    sendPdf(res, await testReportPdf(deps.db, currentUser(req), id, deps.now()));
  });
  return router;
}
