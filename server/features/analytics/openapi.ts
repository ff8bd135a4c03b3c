// The OpenAPI operations of analytics/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { trackEventSchema } from "../../../shared/analytics";
import { type ApiOperation } from "../../platform/openapi/operation";

export const analyticsOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/analytics/track",
    tag: "site",
    summary: "Record a page event",
    access: "public",
    body: trackEventSchema,
    success: { status: 204, description: "Recorded" },
    rateLimited: true,
  },
];
