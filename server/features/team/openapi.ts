// The OpenAPI operations of team/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { manualLeadResponse } from "../../../shared/pipeline";
import { teamMemberCreateRequest, teamMemberIdParam, teamSharingRequest } from "../../../shared/auth";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const teamOperations: ApiOperation[] = [
  { method: "get", path: "/team", tag: "team", summary: "The owner's team members", access: "session", success: json("Members") },
  {
    method: "post",
    path: "/team",
    tag: "team",
    summary: "Add a team member",
    access: "session",
    body: teamMemberCreateRequest,
    success: json("Added", manualLeadResponse, 201),
    errors: [409],
  },
  {
    method: "put",
    path: "/team/sharing",
    tag: "team",
    summary: "Whether team members see lead spend, tax invoices and Insights",
    access: "session",
    body: teamSharingRequest,
    success: json("The choice", teamSharingRequest),
  },
  {
    method: "delete",
    path: "/team/{id}",
    tag: "team",
    summary: "Remove a team member",
    access: "session",
    params: teamMemberIdParam,
    success: { status: 204, description: "Removed" },
  },
];
