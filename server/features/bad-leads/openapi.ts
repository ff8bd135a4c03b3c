// The OpenAPI operations of bad-leads/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { adminIdParam, adminReportsQuery, reportDecisionNote } from "../../../shared/admin";
import { reportBadLeadRequest, reportDecisionResponse } from "../../../shared/bad-leads";
import { purchaseIdParam } from "../../../shared/pipeline";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const badLeadOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/lead-purchases/{id}/report",
    tag: "reports",
    summary: "Report a bad lead for a credit",
    access: "session",
    params: purchaseIdParam,
    body: reportBadLeadRequest,
    success: json("Reported", undefined, 201),
    errors: [409],
  },
  { method: "get", path: "/bad-lead-reports/mine", tag: "reports", summary: "My reports and their outcome", access: "session", success: json("Reports") },
  {
    method: "get",
    path: "/admin/reports",
    tag: "operator",
    summary: "Bad-lead reports, paged",
    access: "operator",
    query: adminReportsQuery,
    success: json("A page"),
  },
  {
    method: "post",
    path: "/admin/reports/{id}/approve",
    tag: "operator",
    summary: "Approve a report and credit the buyer",
    access: "operator",
    params: adminIdParam,
    body: reportDecisionNote,
    success: json("Decided", reportDecisionResponse),
    errors: [409],
  },
  {
    method: "post",
    path: "/admin/reports/{id}/reject",
    tag: "operator",
    summary: "Reject a report with a note",
    access: "operator",
    params: adminIdParam,
    body: reportDecisionNote,
    success: json("Decided", reportDecisionResponse),
    errors: [409],
  },
];
