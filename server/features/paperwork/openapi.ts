// The OpenAPI operations of paperwork/'s routes (docs/decisions/026-openapi-document.md,
// 105-paperwork-on-the-card.md): the shared/ schemas the routes parse with.
import { z } from "zod";
import { jobTokenParam } from "../../../shared/jobs";
import {
  documentKeyParam,
  issueCertificateRequest,
  jobCertificateParam,
  lodgeDocumentRequest,
  openCertificateRequest,
  paperworkViewSchema,
  savePaperworkRequest,
  sendFormRequest,
} from "../../../shared/paperwork";
import { reviewCodeResponse } from "../../../shared/reviews";
import { purchaseIdParam } from "../../../shared/pipeline";
import { json, type ApiOperation } from "../../platform/openapi/operation";

const base = { tag: "pipeline", access: "session" } as const;

export const paperworkOperations: ApiOperation[] = [
  {
    ...base,
    method: "get",
    path: "/lead-purchases/{id}/paperwork",
    summary:
      "The job's compliance paperwork: each document its state asks for, its clock on the state's calendar, how it is handed off, and the fields to copy",
    params: purchaseIdParam,
    success: json("The paperwork", paperworkViewSchema),
    errors: [404],
  },
  {
    ...base,
    method: "put",
    path: "/lead-purchases/{id}/paperwork",
    summary: "Set what the work is (the state's marks) and when it was completed and energised, on the lead's state's clock; the clocks are counted again",
    params: purchaseIdParam,
    body: savePaperworkRequest,
    success: json("The paperwork after the change", paperworkViewSchema),
    // 400: a mark of another state, a time the clocks skip or in the future; 409: a newer version saved.
    errors: [400, 404, 409],
  },
  {
    ...base,
    method: "post",
    path: "/lead-purchases/{id}/paperwork/{document}/issue",
    summary:
      "Issue the certificate we print (Queensland's certificate of testing and compliance): numbered per electrician, kept as issued, and the customer sent a link to their copy",
    params: documentKeyParam,
    body: issueCertificateRequest,
    success: json("The paperwork with the certificate issued", paperworkViewSchema),
    // 409: not this document's way, not tested, no licence number, already issued, or a newer version saved.
    errors: [400, 404, 409],
  },
  {
    ...base,
    method: "post",
    path: "/lead-purchases/{id}/paperwork/{document}/lodged",
    summary: "Record a state form or portal document as lodged, with the reference it gave",
    params: documentKeyParam,
    body: lodgeDocumentRequest,
    success: json("The paperwork with the document lodged", paperworkViewSchema),
    errors: [400, 404, 409],
  },
  {
    ...base,
    method: "get",
    path: "/lead-purchases/{id}/paperwork/{document}/pdf",
    summary: "An issued certificate as a PDF, as it was issued",
    params: documentKeyParam,
    success: { status: 200, description: "The certificate as a PDF", contentType: "application/pdf" },
    errors: [400, 404],
  },
  {
    ...base,
    method: "put",
    path: "/lead-purchases/{id}/paperwork/{document}/form",
    summary:
      "Upload the completed state form (NSW's CCEW) as one PDF in multipart/form-data field `file`: at most 5 MB and 20 pages, opened and checked as a PDF; replaces one not yet sent",
    params: documentKeyParam,
    success: json("The paperwork with the form uploaded", paperworkViewSchema),
    // 400: not a PDF we can read, too many pages, no file; 409: not a form document, or already sent; 413: over 5 MB.
    errors: [400, 404, 409, 413, 415],
  },
  {
    ...base,
    method: "get",
    path: "/lead-purchases/{id}/paperwork/{document}/form/pdf",
    summary: "The completed form as uploaded",
    params: documentKeyParam,
    success: { status: 200, description: "The form as a PDF", contentType: "application/pdf" },
    errors: [400, 404],
  },
  {
    ...base,
    method: "post",
    path: "/lead-purchases/{id}/paperwork/{document}/send",
    summary:
      "E-mail the completed form, attached, to 1-3 addresses (the distributor, Building Commission NSW), and the customer a link to their job page where it opens after a code; once",
    params: documentKeyParam,
    body: sendFormRequest,
    success: json("The paperwork with the form sent", paperworkViewSchema),
    // 409: no form uploaded, already sent, not a form document, or a newer version saved.
    errors: [400, 404, 409],
  },
  {
    ...base,
    method: "get",
    path: "/lead-purchases/{id}/test-report/pdf",
    summary: "The tested record as a test report PDF, which says it is not the state's certificate",
    params: purchaseIdParam,
    success: { status: 200, description: "The test report as a PDF", contentType: "application/pdf" },
    errors: [404, 409],
  },
  {
    method: "post",
    path: "/jobs/{token}/certificate-code",
    tag: "jobs",
    summary: "A code by SMS to the request's mobile, to open a certificate issued for the job (the mobile check's send limits; devCode outside production)",
    access: "public",
    params: jobTokenParam,
    body: z.object({}),
    success: json("Sent", reviewCodeResponse, 202),
    // 404: no certificate issued for the job; 409: the request has no mobile.
    errors: [404, 409, 429],
    rateLimited: true,
  },
  {
    method: "post",
    path: "/jobs/{token}/certificates/{document}",
    tag: "jobs",
    summary: "The customer's copy of an issued certificate as a PDF, for the code from the SMS (spent once used)",
    access: "public",
    params: jobCertificateParam,
    body: openCertificateRequest,
    success: { status: 200, description: "The certificate as a PDF", contentType: "application/pdf" },
    errors: [400, 404, 429],
    rateLimited: true,
  },
];
