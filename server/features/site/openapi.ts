// The OpenAPI operations of site/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const siteOperations: ApiOperation[] = [
  { method: "get", path: "/config/public", tag: "site", summary: "Site contact details and payment mode", access: "public", success: json("Public settings") },
  {
    method: "get",
    path: "/config/google-places-key",
    tag: "site",
    summary: "Browser key for Places suggestions ('' when unset)",
    access: "public",
    success: json("The key"),
  },
];
