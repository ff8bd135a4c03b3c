// The OpenAPI operations of vetting/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { adminIdParam, adminVerificationQuery } from "../../../shared/admin";
import { licenceRenewal, verificationReject } from "../../../shared/vetting";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const vettingOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/auth/verification",
    tag: "accounts",
    summary: "Whether my account may buy: licence check, expiry and the reason if not",
    access: "session",
    success: json("The standing"),
  },
  {
    method: "get",
    path: "/admin/verification",
    tag: "operator",
    summary: "Providers waiting for a licence check, newest first, paged",
    access: "operator",
    query: adminVerificationQuery,
    success: json("A page"),
  },
  {
    method: "post",
    path: "/admin/providers/{id}/approve",
    tag: "operator",
    summary: "Approve a provider's licence (e-mails them)",
    access: "operator",
    params: adminIdParam,
    success: json("The provider and whether the e-mail went out"),
    errors: [409],
  },
  {
    method: "post",
    path: "/admin/providers/{id}/reject",
    tag: "operator",
    summary: "Reject a provider's licence with a reason (e-mails them)",
    access: "operator",
    params: adminIdParam,
    body: verificationReject,
    success: json("The provider and whether the e-mail went out"),
    errors: [409],
  },
  {
    method: "post",
    path: "/admin/providers/{id}/licence",
    tag: "operator",
    summary: "Record a provider's renewed licence (number, state, expiry, and the ABN when given); the verdict is unchanged",
    access: "operator",
    params: adminIdParam,
    body: licenceRenewal,
    success: json("The provider"),
  },
];
