// The OpenAPI operations of insights/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { insightsQuery, insightsResponse } from "../../../shared/insights";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const insightsOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/insights",
    tag: "pipeline",
    summary: "The return on lead spend for a period, with the region's medians (docs/decisions/067)",
    access: "session",
    query: insightsQuery,
    success: json("The period's figures", insightsResponse),
  },
];
