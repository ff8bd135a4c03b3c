// The OpenAPI operations of operator-reviews/'s routes (docs/decisions/026-openapi-document.md).
import { adminIdParam } from "../../../shared/admin";
import { adminReviewsQuery, reviewDecision } from "../../../shared/operator-reviews";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const operatorReviewOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/admin/reviews",
    tag: "operator",
    summary: "The review queue: cases of a status (open by default) with both sides' records, paged",
    access: "operator",
    query: adminReviewsQuery,
    success: json("A page"),
  },
  {
    method: "post",
    path: "/admin/reviews/{id}/decision",
    tag: "operator",
    summary: "Uphold or dismiss an open case, with a note",
    access: "operator",
    params: adminIdParam,
    body: reviewDecision,
    success: json("The decided case"),
    errors: [404, 409],
  },
];
