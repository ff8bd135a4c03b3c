// The OpenAPI operations of test-records/'s routes (docs/decisions/026-openapi-document.md,
// 103-test-records.md, 106-meter-photos.md): the shared/ schemas the routes parse with.
import { z } from "zod";
import { purchaseIdParam } from "../../../shared/pipeline";
import {
  addMeterPhotoRequest,
  completeTestRecordRequest,
  meterPhotoParams,
  meterPhotoVariantParams,
  saveTestRecordRequest,
  testRecordViewSchema,
} from "../../../shared/test-records";
import { json, type ApiOperation } from "../../platform/openapi/operation";

export const testRecordOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/lead-purchases/{id}/test-record",
    tag: "pipeline",
    summary: "The job's test record: the one that stands with each value against its limit, and every earlier version (superseded, never deleted)",
    access: "session",
    params: purchaseIdParam,
    success: json("The test record", testRecordViewSchema),
    errors: [404],
  },
  {
    method: "put",
    path: "/lead-purchases/{id}/test-record",
    tag: "pipeline",
    summary:
      "Save the test results with the version they were based on (0 for the first save). A draft is saved over; a tested record is corrected by a new version with a reason, and the tested one stays, superseded",
    access: "session",
    params: purchaseIdParam,
    body: saveTestRecordRequest,
    success: json("The test record after the save", testRecordViewSchema),
    // 400 names the field: a bad reading, a live result before the circuit's dead tests, a correction without a reason; 409: a newer version saved.
    errors: [400, 404, 409],
  },
  {
    method: "post",
    path: "/lead-purchases/{id}/test-record/complete",
    tag: "pipeline",
    summary: "Mark the record tested at a date and time on the lead's state's clock: refused while any value fails or is missing, each named",
    access: "session",
    params: purchaseIdParam,
    body: completeTestRecordRequest,
    success: json("The test record, tested", testRecordViewSchema),
    // 400 names each failing or missing value, or a time in the future; 409: nothing saved yet, already tested, or a newer version saved.
    errors: [400, 404, 409],
  },
  {
    method: "post",
    path: "/lead-purchases/{id}/test-record/photos",
    tag: "pipeline",
    summary:
      "Add a photo of the meter's readings to the purchase's record: an upload from POST /api/uploads (used once, within 24 hours) with an optional caption; at most 12 per purchase, kept as long as the record",
    access: "session",
    params: purchaseIdParam,
    body: addMeterPhotoRequest,
    success: json("The test record with the photo", testRecordViewSchema, 201),
    // 400: an upload id that is unknown, used already or older than 24 hours, or a caption over 80 characters; 409: the record has its 12 photos.
    errors: [400, 404, 409],
  },
  {
    method: "get",
    path: "/lead-purchases/{id}/test-record/photos/{photoId}/{variant}",
    tag: "pipeline",
    summary: "One of the record's meter photos: the full photo or its 400 px thumbnail, to the buyer's side only",
    access: "session",
    params: meterPhotoVariantParams,
    success: { status: 200, description: "The photo (JPEG) or its thumbnail (WebP)", schema: z.string().meta({ format: "binary" }), contentType: "image/*" },
    errors: [404],
  },
  {
    method: "delete",
    path: "/lead-purchases/{id}/test-record/photos/{photoId}",
    tag: "pipeline",
    summary: "Remove a meter photo: only until a version of the record is first marked tested; from then on the photos are evidence and are kept",
    access: "session",
    params: meterPhotoParams,
    success: json("The test record without the photo", testRecordViewSchema),
    // 409: the record has been marked tested.
    errors: [404, 409],
  },
];
