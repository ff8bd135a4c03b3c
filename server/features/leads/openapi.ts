// The OpenAPI operations of leads/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/platform/openapi/document.ts puts every feature's list together.
import { quoteRequestSchema, quoteResponseSchema, resendCodeRequest, resendCodeResponse, verifyPhoneRequest, verifyPhoneResponse } from "../../../shared/leads";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const leadIntakeOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/leads",
    tag: "quotes",
    summary: "Ask for a free quote (becomes a lead on the market; a code is sent to a mobile)",
    access: "public",
    body: quoteRequestSchema,
    success: json("Received", quoteResponseSchema, 201),
    rateLimited: true,
  },
  {
    method: "post",
    path: "/leads/verify-phone",
    tag: "quotes",
    summary: "Confirm the quote's mobile with the SMS code (10 minutes, 5 tries)",
    access: "public",
    body: verifyPhoneRequest,
    success: json("Verified", verifyPhoneResponse),
    errors: [404],
    rateLimited: true,
  },
  {
    method: "post",
    path: "/leads/resend-code",
    tag: "quotes",
    summary: "Send a new SMS code (limited per mobile and per IP)",
    access: "public",
    body: resendCodeRequest,
    success: json("Sent", resendCodeResponse),
    errors: [404, 409],
    rateLimited: true,
  },
];
