// The dispute object of Stripe's charge.dispute.* events, as far as we read it
// (docs/decisions/093-disputes.md). The event's signature is checked before; this checks its shape.
// And the same dispute as our evidence's retry reads it back from Stripe's API (094).
import { z } from "zod";

const disputeStatus = z.enum([
  "warning_needs_response",
  "warning_under_review",
  "warning_closed",
  "needs_response",
  "under_review",
  "won",
  "lost",
  "prevented",
]);

const idOf = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)]);

export const stripeDisputeObject = z.object({
  id: z.string().min(1).max(255),
  object: z.literal("dispute"),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3),
  charge: idOf,
  payment_intent: idOf.nullish(),
  reason: z.string().max(100),
  status: disputeStatus,
  evidence_details: z.object({ due_by: z.number().int().nullish() }).nullish(),
});

/**
 * A dispute read back from Stripe's API (GET /v1/disputes/:id) after a try of our evidence whose
 * answer we never had (docs/decisions/094-dispute-evidence.md): whether it still waits for
 * evidence, and whether evidence was submitted.
 */
export const stripeDisputeReadBack = z.object({
  id: z.string().min(1).max(255),
  object: z.literal("dispute"),
  status: disputeStatus,
  evidence_details: z.object({ has_evidence: z.boolean(), submission_count: z.number().int().nonnegative() }),
});
