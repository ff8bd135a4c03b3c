// The OpenAPI operations of openapi/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const openApiOperations: ApiOperation[] = [
  { method: "get", path: "/openapi.json", tag: "site", summary: "This document", access: "public", success: json("OpenAPI 3.1 document") },
];
