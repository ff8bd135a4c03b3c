// The OpenAPI operations of photos/'s routes (docs/decisions/026-openapi-document.md, 050-photos.md).
import { z } from "zod";
import { photoParams, photoUploadForm, uploadParams, uploadResponse } from "../../../shared/photos";
import { json, type ApiOperation } from "../../platform/openapi/operation";

const image = (description: string) => ({ status: 200, description, schema: z.string().meta({ format: "binary" }), contentType: "image/*" as const });

export const photoOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/uploads",
    tag: "customers",
    summary: "One photo for a quote, before it is sent: decoded, re-encoded without metadata and kept 24 hours unless a quote's photoIds uses it",
    access: "public",
    multipart: photoUploadForm,
    success: json("The upload: its id for photoIds, its size and the uploader's preview", uploadResponse, 201),
    errors: [503],
    rateLimited: true,
  },
  {
    method: "get",
    path: "/uploads/{id}/thumbnail",
    tag: "customers",
    summary: "The uploader's preview of an upload no quote has used yet (the id is the key)",
    access: "public",
    params: uploadParams,
    success: image("The 400 px thumbnail (WebP)"),
  },
  {
    method: "get",
    path: "/photos/{id}/{variant}",
    tag: "marketplace",
    summary: "A lead's photo: full and thumbnail to the buyer's side, blurred to anyone who can see the lead on the market; 404 to everyone else",
    access: "session",
    params: photoParams,
    success: image("The photo (JPEG) or a thumbnail (WebP)"),
  },
];
