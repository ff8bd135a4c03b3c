// The OpenAPI operations of disputes/'s routes (docs/decisions/026-openapi-document.md).
import { adminIdParam } from "../../../shared/admin";
import { evidenceSubmission } from "../../../shared/dispute-evidence";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const disputeOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/admin/disputes/{id}/evidence",
    tag: "operator",
    summary: "A disputed lead purchase's evidence as it would go to Stripe, and when it goes on its own",
    access: "operator",
    params: adminIdParam,
    success: json("The evidence pack"),
    errors: [404, 409],
  },
  {
    method: "post",
    path: "/admin/disputes/{id}/evidence",
    tag: "operator",
    summary: "Send the evidence to Stripe with an optional note (once; 409 when sent, closed or past its deadline, 502 when Stripe did not take it)",
    access: "operator",
    params: adminIdParam,
    body: evidenceSubmission,
    success: json("The evidence pack, sent"),
    errors: [404, 409, 502],
  },
];
