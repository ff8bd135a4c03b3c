// The OpenAPI operations of jobs/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/openapi/document.ts puts every feature's list together.
import {
  jobCloseRequest,
  jobLookupRequest,
  jobLookupResponse,
  jobLookupVerifyRequest,
  jobLookupVerifyResponse,
  jobTokenParam,
  jobViewSchema,
} from "../../shared/jobs";
import { json, type ApiOperation } from "../openapi/operation";

export const jobOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/jobs/{token}",
    tag: "customers",
    summary: "The customer's job page: where their request stands and who bought it (the token is the only key)",
    access: "public",
    params: jobTokenParam,
    success: json("The request", jobViewSchema),
    errors: [404],
    rateLimited: true,
  },
  {
    method: "post",
    path: "/jobs/{token}/not-contacted",
    tag: "customers",
    summary:
      "No one has contacted me: after the contact promise, with nothing logged the request goes back on sale without that electrician; with attempts logged, the operator looks (docs/decisions/049)",
    access: "public",
    params: jobTokenParam,
    success: json("The request as the page now shows it", jobViewSchema),
    errors: [404, 409],
    rateLimited: true,
  },
  {
    method: "post",
    path: "/jobs/{token}/close",
    tag: "customers",
    summary: "The customer closes the request: off the market if on sale; a buyer is told, no refund (docs/decisions/049)",
    access: "public",
    params: jobTokenParam,
    body: jobCloseRequest,
    success: json("The request as the page now shows it", jobViewSchema),
    errors: [404, 409],
    rateLimited: true,
  },
  {
    method: "post",
    path: "/jobs/lookup",
    tag: "customers",
    summary: "Lost the link: send a code to the request's mobile (the same answer whether or not it has requests)",
    access: "public",
    body: jobLookupRequest,
    success: json("Sent if that mobile has requests", jobLookupResponse, 202),
    rateLimited: true,
  },
  {
    method: "post",
    path: "/jobs/lookup/verify",
    tag: "customers",
    summary: "Trade the code for fresh links to the mobile's requests of the last 12 months (older links stop working)",
    access: "public",
    body: jobLookupVerifyRequest,
    success: json("The requests, newest first", jobLookupVerifyResponse),
    rateLimited: true,
  },
];
