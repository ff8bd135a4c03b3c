// The OpenAPI operations of admin/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import {
  adminCallbacksQuery,
  adminIdParam,
  adminLeadsQuery,
  adminProvidersQuery,
  callbackUpdate,
  invitationTokenParam,
  providerActiveUpdate,
} from "../../../shared/admin";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const adminOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/invitations/{token}",
    tag: "accounts",
    summary: "Sign-up prefill of an invitation link",
    access: "public",
    params: invitationTokenParam,
    success: json("Prefill"),
    errors: [404],
  },
  { method: "get", path: "/admin/analytics", tag: "operator", summary: "Dashboard figures", access: "operator", success: json("Figures") },
  {
    method: "get",
    path: "/admin/disputes",
    tag: "operator",
    summary: "Chargebacks of lead purchases and of customers' payments to electricians, open ones first by their evidence deadline",
    access: "operator",
    success: json("Disputes"),
  },
  {
    method: "get",
    path: "/admin/providers",
    tag: "operator",
    summary: "Providers, paged",
    access: "operator",
    query: adminProvidersQuery,
    success: json("A page"),
  },
  {
    method: "patch",
    path: "/admin/providers/{id}",
    tag: "operator",
    summary: "Activate or deactivate a provider",
    access: "operator",
    params: adminIdParam,
    body: providerActiveUpdate,
    success: json("The provider"),
  },
  { method: "get", path: "/admin/leads", tag: "operator", summary: "Leads, paged", access: "operator", query: adminLeadsQuery, success: json("A page") },
  {
    method: "get",
    path: "/admin/callbacks",
    tag: "operator",
    summary: "Callback requests, paged",
    access: "operator",
    query: adminCallbacksQuery,
    success: json("A page"),
  },
  {
    method: "patch",
    path: "/admin/callbacks/{id}",
    tag: "operator",
    summary: "Move a callback's status or note it",
    access: "operator",
    params: adminIdParam,
    body: callbackUpdate,
    success: json("The callback and, on approval, its invitation"),
    errors: [409],
  },
];
