// The OpenAPI operations of jobs/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/openapi/document.ts puts every feature's list together.
import { jobLookupRequest, jobLookupResponse, jobLookupVerifyRequest, jobLookupVerifyResponse, jobTokenParam, jobViewSchema } from "../../shared/jobs";
import { jobPhotoParams, jobPhotoResponse, jobPhotoVariantParams, photoUploadForm } from "../../shared/photos";
import { z } from "zod";
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
  {
    method: "post",
    path: "/jobs/{token}/photos",
    tag: "customers",
    summary: "The customer adds one photo to their request, until the job is booked (409 after, or at 6 photos)",
    access: "public",
    params: jobTokenParam,
    multipart: photoUploadForm,
    success: json("The photo, under the token", jobPhotoResponse, 201),
    errors: [409, 503],
    rateLimited: true,
  },
  {
    method: "delete",
    path: "/jobs/{token}/photos/{photoId}",
    tag: "customers",
    summary: "The customer removes one of their photos: deleted at once",
    access: "public",
    params: jobPhotoParams,
    success: { status: 204, description: "Removed" },
    rateLimited: true,
  },
  {
    method: "get",
    path: "/jobs/{token}/photos/{photoId}/{variant}",
    tag: "customers",
    summary: "One of the customer's own photos, in full or as a thumbnail",
    access: "public",
    params: jobPhotoVariantParams,
    success: { status: 200, description: "The photo (JPEG) or a thumbnail (WebP)", schema: z.string().meta({ format: "binary" }), contentType: "image/*" },
    rateLimited: true,
  },
];
