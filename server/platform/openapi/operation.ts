// The shape of one API operation, and the helpers every feature's openapi.ts writes them with.
// Each feature lists its own operations with the same shared/ Zod schemas its routes parse with;
// ./document.ts puts the lists together (docs/decisions/026-openapi-document.md). A route without
// an operation, or an operation without a route, fails server/features/api-docs/drift.test.ts.
import { z } from "zod";

/** Who may call: anyone, a signed-in person (session cookie), or the operator admin (bearer token). */
export type Access = "public" | "session" | "operator";

export interface ApiOperation {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Under /api, OpenAPI style: `/leads/{id}/purchase`. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A multipart/form-data body instead of JSON (photo uploads, docs/decisions/050-photos.md). */
  multipart?: z.ZodType;
  success: {
    status: number;
    description: string;
    schema?: z.ZodType;
    contentType?: "application/json" | "application/pdf" | "text/csv" | "text/calendar" | "text/event-stream" | "image/*";
  };
  /** Refusals beyond those the access, inputs and method imply (document.ts adds those). */
  errors?: number[];
  /** Answers 429 past a configured rate (docs/product.md section 10). */
  rateLimited?: true;
}

export const json = (description: string, schema?: z.ZodType, status = 200) => ({ status, description, schema });
