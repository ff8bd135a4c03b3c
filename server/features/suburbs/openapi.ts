// The OpenAPI operations of suburbs/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { z } from "zod";
import { suburbSearchQuery, suburbSuggestion } from "../../../shared/suburbs";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const suburbOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/suburbs",
    tag: "site",
    summary: "Suburb suggestions by name or postcode",
    access: "public",
    query: suburbSearchQuery,
    success: json("Up to 10 suburbs", z.array(suburbSuggestion)),
  },
];
