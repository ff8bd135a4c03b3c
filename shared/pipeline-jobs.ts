// Running the jobs from the pipeline (docs/decisions/031-pipeline-work.md): the booked job's date,
// follow-ups, decline reasons, assignment and the save version as the requests carry them. The server
// and the screens read the same rules here; the cards' order and a job's clock, which the dashboard's
// first load reads, are shared/follow-ups.ts and shared/job-clock.ts (no Zod there).
import { isCalendarDay } from "./calendar-day";
import { z } from "zod";
import { recordId } from "./ids";

/** `found_someone` came with the customer's own decline of a quote (docs/decisions/051-quotes-and-tax-invoices.md). */
export const DECLINE_REASONS = ["price", "timing", "no_answer", "found_someone", "other"] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
export const DECLINE_REASON_LABELS: Record<DeclineReason, string> = {
  price: "Price",
  timing: "Timing",
  no_answer: "No answer",
  found_someone: "Found someone else",
  other: "Other",
};
export const DECLINE_REASON_REQUIRED = "Choose why the customer declined";

/** "Price", or "Other: went with a mate" for the export and the card. */
export function declineReasonText(reason: string | null | undefined, note: string | null | undefined): string {
  if (!reason) return "";
  const label = DECLINE_REASON_LABELS[reason as DeclineReason] ?? reason;
  return note ? `${label}: ${note}` : label;
}

/** A job booked further ahead than this is a typo (a year of 2062), not a booking. */
export const MAX_BOOKING_DAYS_AHEAD = 2 * 366;
export const BOOKING_DATE_MESSAGE = "Enter the job's date and time";
export const BOOKING_TOO_FAR = "That date is more than two years away";
/** Booked In without a time would tell the customer "Your job is booked" with none: the time comes with the move. */
export const BOOKING_NEEDS_A_TIME = "Choose the job's date and time to book it in";

const blankIsNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

/**
 * The booked job's start as the wall clock a datetime-local input sends ("2026-11-24T09:30"), on
 * the clock of the lead's state (DESIGN section 11; docs/decisions/102-booking-windows.md): the
 * server turns it into the instant with the lead's state (`jobStartOnStateClock`, shared/job-clock.ts). Null clears it.
 */
export const jobStartsAtInput = z.preprocess(
  blankIsNull,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, BOOKING_DATE_MESSAGE)
    .refine((v) => isCalendarDay(v.slice(0, 10)) && Number(v.slice(11, 13)) < 24 && Number(v.slice(14, 16)) < 60, BOOKING_DATE_MESSAGE)
    .nullish(),
);

/** A follow-up day, "YYYY-MM-DD" in Sydney; null clears it. */
export const followUpInput = z.preprocess(
  blankIsNull,
  z
    .string()
    .refine(isCalendarDay, "Enter the follow-up date")
    .refine((v) => v >= "2000-01-01" && v <= "2100-12-31", "Enter the follow-up date")
    .nullish(),
);

export const declineReasonInput = z.preprocess(blankIsNull, z.enum(DECLINE_REASONS, { error: DECLINE_REASON_REQUIRED }).nullish());

export const VERSION_REQUIRED = "Send the job's version: reload the job and try again";

/**
 * The version the card's typed values were based on (optimistic lock, decision 031). Every
 * write to a job carries it: a write without one could land over a newer save unseen
 * (docs/decisions/037-every-job-write-carries-its-version.md).
 */
export const versionInput = z
  .number({ error: (issue) => (issue.input === undefined ? VERSION_REQUIRED : "version must be a whole number") })
  .int("version must be a whole number")
  .positive("version must be a whole number");

/** PATCH /api/lead-purchases/:id/assignee: a team member of the buyer, or null for the owner. */
export const purchaseAssignment = z.object({
  // A PostgreSQL integer key: anything above its range is a 400 here, not a 500 from the query.
  assignedTo: recordId.nullable(),
  version: versionInput,
});

export const ASSIGN_MESSAGES = {
  notInTeam: "That person is not in your team",
  noBooking: "This job has no booked date yet",
} as const;

/**
 * The audit field (purchase_changes) that says why a job left Paid by itself: a refund left one of
 * its invoices no longer paid in full (docs/decisions/056). Its new value is the reason in words.
 */
export const STAGE_MOVED_BACK_FIELD = "stageMovedBack";
