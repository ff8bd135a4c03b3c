// The job's paperwork over HTTP (docs/decisions/105-paperwork-on-the-card.md). Thin: parse, service.
// Beside the pipeline's routes (/api/lead-purchases/:id/…). No DELETE: what is done is kept 5 years.
import { Router, type RequestHandler, type Response } from "express";
import { ipKeyGenerator } from "express-rate-limit";
import {
  documentKeyParam,
  FORM_LIMITS,
  issueCertificateRequest,
  jobCertificateParam,
  lodgeDocumentRequest,
  openCertificateRequest,
  savePaperworkRequest,
  sendFormRequest,
} from "../../../shared/paperwork";
import { jobTokenParam } from "../../../shared/jobs";
import { purchaseIdParam } from "../../../shared/pipeline";
import { allow, currentUser } from "../../platform/access/authorize";
import { parse } from "../../platform/http/validate";
import type { CustomerCodeDeps } from "../../core/customer-codes";
import { openCertificate, requestCertificateCode } from "./customer";
import { readOneFile } from "../../core/photos";
import { FORM_UPLOAD_MESSAGES } from "./form-file";
import { certificatePdf, ownersFormPdf, testReportPdf } from "./pdf";
import { checkFormTarget, issueCertificate, lodgeDocument, savePaperwork, sendForm, uploadForm, type PaperworkDeps } from "./service";
import { paperworkOf } from "./view";

function sendPdf(res: Response, file: { pdf: Buffer; fileName: string }) {
  // A certificate carries the customer's name and address: never cached anywhere.
  res.set("Cache-Control", "private, no-store");
  res.attachment(file.fileName);
  res.type("application/pdf").send(file.pdf);
}

export interface PaperworkRouteDeps extends PaperworkDeps {
  /** The completed forms' uploads, per IP (RATE_LIMIT_PUBLIC_FORMS_PER_IP per 10 minutes). */
  formLimiter: RequestHandler;
}

export function paperworkRoutes(deps: PaperworkRouteDeps) {
  const router = Router();
  const pipelineUsers = allow("usePipeline");
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
  // The completed form (NSW's CCEW): uploaded as one PDF, checked, then sent from the card.
  router.put("/lead-purchases/:id/paperwork/:document/form", pipelineUsers, deps.formLimiter, async (req, res) => {
    const { id, document } = parse(documentKeyParam, req.params);
    await checkFormTarget(deps.db, currentUser(req), id, document);
    const bytes = await readOneFile(req, res, FORM_LIMITS.maxBytes, FORM_UPLOAD_MESSAGES);
    res.json(await uploadForm(deps, currentUser(req), id, document, bytes));
  });
  router.get("/lead-purchases/:id/paperwork/:document/form/pdf", pipelineUsers, async (req, res) => {
    const { id, document } = parse(documentKeyParam, req.params);
    sendPdf(res, await ownersFormPdf(deps.db, currentUser(req), id, document));
  });
  router.post("/lead-purchases/:id/paperwork/:document/send", pipelineUsers, async (req, res) => {
    const { id, document } = parse(documentKeyParam, req.params);
    res.json(await sendForm(deps, currentUser(req), id, document, parse(sendFormRequest, req.body ?? {})));
  });
  router.get("/lead-purchases/:id/test-report/pdf", pipelineUsers, async (req, res) => {
    const { id } = parse(purchaseIdParam, req.params);
    sendPdf(res, await testReportPdf(deps.db, currentUser(req), id, deps.now()));
  });
  return router;
}

export interface JobCertificateDeps extends CustomerCodeDeps {
  /** The mobile-check routes' per-IP counter, as the review's code. */
  codeLimiter: RequestHandler;
}

/** Mounted at /api/jobs, beside the job page's own routes: the customer's copy after the code. */
export function jobCertificateRoutes(deps: JobCertificateDeps) {
  const router = Router();
  router.post("/:token/certificate-code", deps.codeLimiter, async (req, res) => {
    const { token } = parse(jobTokenParam, req.params);
    res.status(202).json(await requestCertificateCode(deps, token, ipKeyGenerator(req.ip ?? "unknown")));
  });
  router.post("/:token/certificates/:document", deps.codeLimiter, async (req, res) => {
    const { token, document } = parse(jobCertificateParam, req.params);
    const { code } = parse(openCertificateRequest, req.body ?? {});
    sendPdf(res, await openCertificate(deps, token, document, code));
  });
  return router;
}
