// The OpenAPI operations of lead-invoices/'s routes (docs/decisions/026-openapi-document.md).
import { statementQuery } from "../../../shared/lead-invoices";
import { purchaseIdParam } from "../../../shared/pipeline";
import type { ApiOperation } from "../../platform/openapi/operation";

export const leadInvoiceOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/lead-purchases/{id}/tax-invoice",
    tag: "pipeline",
    summary:
      "Our tax invoice for a lead purchase (PDF): the buyer, their team and the super admin; a $0 claim or an unfinished payment has none (404 saying so)",
    access: "session",
    params: purchaseIdParam,
    success: { status: 200, description: "Tax invoice AEL-000123 as a PDF", contentType: "application/pdf" },
  },
  {
    method: "get",
    path: "/lead-purchases/{id}/adjustment-note",
    tag: "pipeline",
    summary: "The adjustment note of a refunded lead purchase (PDF), naming the original tax invoice; 404 when it was not refunded",
    access: "session",
    params: purchaseIdParam,
    success: { status: 200, description: "Adjustment note AEL-000123-ADJ as a PDF", contentType: "application/pdf" },
  },
  {
    method: "get",
    path: "/lead-purchases/statement",
    tag: "pipeline",
    summary: "The month's statement of lead purchases and refunds with their GST (Sydney calendar month): a PDF, or the figures with format=json",
    access: "session",
    query: statementQuery,
    // format=json answers the same figures as JSON (shared/lead-invoices.ts statementResponse); one success type per operation here.
    success: {
      status: 200,
      description: "The statement as a PDF (format=pdf, the default), or its figures as JSON with format=json",
      contentType: "application/pdf",
    },
  },
];
