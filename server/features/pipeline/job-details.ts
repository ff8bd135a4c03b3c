// The buyer's working copy of a job's details (docs/decisions/073-the-customers-own-contact.md).
// "Edit job details" writes a copy that belongs to the purchase (job_details); the lead row keeps
// what the customer typed, which every message, job link, lookup and code reads. The buyer's
// card, CSV and calendar show the copy laid over the customer's own details.
import type { EditJobDetails } from "../../../shared/pipeline";
import type { JobDetails, Lead } from "../../../shared/schema";

/** What "Edit job details" may change: all of it the buyer's copy, none of it the customer's. */
export const JOB_DETAIL_FIELDS = [
  "customerName",
  "customerPhone",
  "customerEmail",
  "customerAddress",
  "serviceLocation",
  "electricalWork",
  "serviceType",
  "propertyType",
  "budgetRange",
  "urgency",
  "specialRequests",
] as const satisfies ReadonlyArray<Exclude<keyof EditJobDetails, "version">>;

export type JobDetailField = (typeof JOB_DETAIL_FIELDS)[number];
export type JobDetailValues = Pick<Lead, JobDetailField>;

/** Only the detail fields of a row (a lead or a copy). */
export const detailValuesOf = (row: JobDetailValues): JobDetailValues =>
  Object.fromEntries(JOB_DETAIL_FIELDS.map((field) => [field, row[field]])) as JobDetailValues;

/** The lead as the buyer's side sees it: their copy, when they made one, over what the customer typed. */
export function asTheBuyerSeesIt<T extends Lead>(lead: T, copy: JobDetails | null | undefined): T {
  return copy ? { ...lead, ...detailValuesOf(copy) } : lead;
}
