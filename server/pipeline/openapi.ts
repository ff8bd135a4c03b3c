// The OpenAPI operations of pipeline/'s routes (docs/decisions/026-openapi-document.md): the shared/
// schemas the routes parse with. server/openapi/document.ts puts every feature's list together.
import { recordIdResponse } from "../../shared/responses";
import { exportRangeQuery } from "../../shared/export-range";
import { contactAttemptRequest, contactAttemptSchema } from "../../shared/jobs";
import { leadIdParam } from "../../shared/marketplace";
import { editJobDetails, manualLeadRequest, manualLeadResponse, purchaseIdParam, salesStageUpdate } from "../../shared/pipeline";
import { purchaseAssignment } from "../../shared/pipeline-jobs";
import { json, type ApiOperation } from "../openapi/operation";

export const pipelineOperations: ApiOperation[] = [
  { method: "get", path: "/my-purchased-leads", tag: "pipeline", summary: "My purchases with their leads", access: "session", success: json("Purchases") },
  {
    method: "get",
    path: "/lead-purchases",
    tag: "pipeline",
    summary: "My purchases (same as /my-purchased-leads)",
    access: "session",
    success: json("Purchases"),
  },
  {
    method: "get",
    path: "/my-purchased-leads/export.csv",
    tag: "pipeline",
    summary: "My purchases as CSV",
    access: "session",
    query: exportRangeQuery,
    success: { status: 200, description: "CSV file", contentType: "text/csv" },
  },
  {
    method: "patch",
    path: "/lead-purchases/{id}/sales-stage",
    tag: "pipeline",
    summary: "Move a purchase through the pipeline",
    access: "session",
    params: purchaseIdParam,
    body: salesStageUpdate,
    success: json("The purchase"),
    // A save based on an older version (decisions 031 and 037).
    errors: [409],
  },
  {
    method: "patch",
    path: "/leads/{id}",
    tag: "pipeline",
    summary: "Edit a purchased job's details",
    access: "session",
    params: leadIdParam,
    body: editJobDetails,
    success: json("The lead"),
    // Details based on an older version of the job (decision 037).
    errors: [409],
  },
  {
    method: "post",
    path: "/lead-purchases/{id}/archive",
    tag: "pipeline",
    summary: "Archive a purchase",
    access: "session",
    params: purchaseIdParam,
    success: json("Archived", recordIdResponse),
  },
  {
    method: "post",
    path: "/lead-purchases/{id}/unpurchase",
    tag: "pipeline",
    summary: "Put a purchased lead back on the market",
    access: "session",
    params: purchaseIdParam,
    success: json("Released", recordIdResponse),
    errors: [409],
  },
  {
    method: "post",
    path: "/lead-purchases/{id}/contact-to-lead",
    tag: "pipeline",
    summary: "Convert a contact back to a lead",
    access: "session",
    params: purchaseIdParam,
    success: json("Released", recordIdResponse),
    errors: [409],
  },
  {
    method: "patch",
    path: "/lead-purchases/{id}/assignee",
    tag: "pipeline",
    summary: "Assign a job to a member of the owner's team (owners only)",
    access: "session",
    params: purchaseIdParam,
    body: purchaseAssignment,
    success: json("The purchase"),
    // An assignment based on an older version of the job (decision 037).
    errors: [409],
  },
  {
    method: "get",
    path: "/lead-purchases/{id}/calendar.ics",
    tag: "pipeline",
    summary: "The booked job as a calendar file",
    access: "session",
    params: purchaseIdParam,
    success: { status: 200, description: "iCalendar file", contentType: "text/calendar" },
  },
  {
    method: "get",
    path: "/lead-purchases/follow-ups",
    tag: "pipeline",
    summary: "Overdue and today's follow-ups on open jobs",
    access: "session",
    success: json("Counts"),
  },
  {
    method: "post",
    path: "/lead-purchases/{id}/contact-attempts",
    tag: "pipeline",
    summary: "Log an attempt to contact the customer of a market purchase",
    access: "session",
    params: purchaseIdParam,
    body: contactAttemptRequest,
    success: json("The attempt logged", contactAttemptSchema, 201),
    // A provider's own job has no contact promise.
    errors: [409],
  },
  {
    method: "get",
    path: "/lead-purchases/{id}/history",
    tag: "pipeline",
    summary: "A purchase's changes, newest first",
    access: "session",
    params: purchaseIdParam,
    success: json("History"),
  },
  {
    method: "post",
    path: "/leads/manual",
    tag: "pipeline",
    summary: "Add a job by hand",
    access: "session",
    body: manualLeadRequest,
    success: json("Added", manualLeadResponse, 201),
  },
];
