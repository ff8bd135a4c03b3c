// The OpenAPI operations of refunds/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { jobTokenParam, stillNeedRequest, stillNeedResponse } from "../../../shared/jobs";
import { purchaseIdParam } from "../../../shared/pipeline";
import { unreachableClaimResponse } from "../../../shared/unreachable";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const refundOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/lead-purchases/{id}/unreachable",
    tag: "pipeline",
    summary: 'Claim "customer unreachable": the customer is asked by SMS and the purchase refunded after 48 hours without an answer (or the operator decides)',
    access: "session",
    params: purchaseIdParam,
    success: json("The claim's state on the card", unreachableClaimResponse),
    // One message per reason the claim is not allowed (own job, moved on, too few tries ...).
    errors: [409],
  },
  {
    method: "post",
    path: "/jobs/{token}/still-need",
    tag: "customers",
    summary: 'The customer answers a "customer unreachable" claim from the job page: still need an electrician, or already spoke',
    access: "public",
    params: jobTokenParam,
    body: stillNeedRequest,
    success: json("The claim is closed and the electrician told", stillNeedResponse),
    errors: [404, 409],
    rateLimited: true,
  },
];
