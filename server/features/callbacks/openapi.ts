// The OpenAPI operations of callbacks/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { z } from "zod";
import { callbackRequestSchema } from "../../../shared/callbacks";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const callbackOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/provider-callbacks",
    tag: "quotes",
    summary: "An electrician asks to be phoned",
    access: "public",
    body: callbackRequestSchema,
    success: json("Received", z.object({ status: z.literal("pending") }), 201),
    rateLimited: true,
  },
];
