// The OpenAPI operations of test-records/'s routes (docs/decisions/026-openapi-document.md,
// 103-test-records.md): the shared/ schemas the routes parse with.
import { purchaseIdParam } from "../../../shared/pipeline";
import { completeTestRecordRequest, saveTestRecordRequest, testRecordViewSchema } from "../../../shared/test-records";
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
];
