// The operator's review queue (docs/decisions/049-missed-promises-and-refunds.md): the cases the
// rules leave to a person, each with both sides' records as they stood when it was opened.
// Any kind shows: "not contacted" with attempts logged, a wrong number on a verified mobile, an
// unreachable claim over the monthly limit, or one whose question never reached the customer's own
// mobile (a landline, an undeliverable number: docs/decisions/073), or one whose purchase is
// disputed with the card's bank, which we may not refund (docs/decisions/093-disputes.md).
import { z } from "zod";
import type { OperatorReviewKind, OperatorReviewStatus } from "./schema/aftercare";
import { ADMIN_PAGE_SIZE } from "./admin";

export const REVIEW_STATUSES = ["open", "upheld", "dismissed"] as const satisfies readonly OperatorReviewStatus[];

export const REVIEW_KIND_LABELS: Record<OperatorReviewKind, string> = {
  not_contacted: "Customer says nobody contacted them",
  wrong_number_verified: "Wrong number on a verified mobile",
  unreachable_over_limit: "Customer unreachable, over the monthly limit",
  unreachable_not_asked: "Customer unreachable, but our question could not reach their own mobile",
  unreachable_disputed: "Customer unreachable, but the purchase is disputed with the card's bank",
};
/** A kind this build does not know yet (another feature's) still shows, in its own words. */
export const reviewKindLabel = (kind: string) => REVIEW_KIND_LABELS[kind as OperatorReviewKind] ?? kind.replaceAll("_", " ");

export const REVIEW_MESSAGES = {
  notFound: "Case not found",
  decided: "This case has already been decided",
  noteRequired: "Write a note saying why",
  noteTooLong: "Keep the note to 2000 characters",
  chooseVerdict: "Choose uphold or dismiss",
} as const;

export const adminReviewsQuery = z.object({
  status: z.enum(REVIEW_STATUSES, { error: "Unknown case status" }).default("open"),
  limit: z.coerce.number().int().min(1, "limit must be at least 1").max(200, "limit must be at most 200").default(ADMIN_PAGE_SIZE),
  offset: z.coerce.number().int().min(0, "offset must be 0 or more").max(1_000_000).default(0),
});

export const reviewDecision = z.object({
  verdict: z.enum(["upheld", "dismissed"], { error: REVIEW_MESSAGES.chooseVerdict }),
  note: z.string({ error: REVIEW_MESSAGES.noteRequired }).trim().min(1, REVIEW_MESSAGES.noteRequired).max(2000, REVIEW_MESSAGES.noteTooLong),
});
export type ReviewDecision = z.infer<typeof reviewDecision>;

/** One case as the operator's queue lists it. */
export interface AdminReview {
  id: number;
  kind: string;
  status: OperatorReviewStatus;
  /** What each side had logged when the case was opened (the shape depends on the kind). */
  evidence: Record<string, unknown>;
  note: string | null;
  decidedAt: string | null;
  createdAt: string;
  purchase: { id: number; purchasedAt: string; amountPaid: string; salesStage: string; releasedAt: string | null };
  provider: { id: number; name: string; companyName: string | null };
  lead: { id: number; jobReference: string; suburb: string | null; state: string | null; serviceType: string };
}
