// The OpenAPI operations of health/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const healthOperations: ApiOperation[] = [
  { method: "get", path: "/health", tag: "site", summary: "Liveness and database check", access: "public", success: json("Up"), errors: [503] },
  {
    method: "get",
    path: "/ready",
    tag: "site",
    summary: "Readiness: the database answers, migrations at head, workers running, not draining (503 otherwise, with which)",
    access: "public",
    success: json("Ready"),
    errors: [503],
  },
];
