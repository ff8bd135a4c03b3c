// The dispute object of Stripe's charge.dispute.* events, as far as we read it
// (docs/decisions/093-disputes.md). The event's signature is checked before; this checks its shape.
import { z } from "zod";

const idOf = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)]);

export const stripeDisputeObject = z.object({
  id: z.string().min(1).max(255),
  object: z.literal("dispute"),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3),
  charge: idOf,
  payment_intent: idOf.nullish(),
  reason: z.string().max(100),
  status: z.enum(["warning_needs_response", "warning_under_review", "warning_closed", "needs_response", "under_review", "won", "lost", "prevented"]),
  evidence_details: z.object({ due_by: z.number().int().nullish() }).nullish(),
});
