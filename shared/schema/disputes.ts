// Chargebacks (docs/decisions/093-disputes.md): Stripe's disputes of a charge, on the platform's
// account (a lead purchase) or on an electrician's connected account (a customer's payment),
// one row per dispute, as its last applied event left it.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { leadPurchases } from "./marketplace";

/** Stripe's dispute statuses (the API's `status`). */
export type DisputeStatus =
  "warning_needs_response" | "warning_under_review" | "warning_closed" | "needs_response" | "under_review" | "won" | "lost" | "prevented";

/** Who sent a dispute's evidence: the operator from the Disputes tab, or the platform when nobody had, 24 hours before the deadline. */
export type EvidenceSubmitter = "operator" | "automatic";

export const paymentDisputes = pgTable(
  "payment_disputes",
  {
    id: serial("id").primaryKey(),
    stripeDisputeId: text("stripe_dispute_id").notNull(),
    /** The connected account ("acct_...") the disputed charge was made on; null on the platform's own. */
    stripeAccount: text("stripe_account"),
    chargeId: text("charge_id").notNull(),
    paymentIntentId: text("payment_intent_id"),
    /** The lead purchase the charge paid for, when it is one of ours. */
    purchaseId: integer("purchase_id").references(() => leadPurchases.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** Stripe's reason: fraudulent, product_not_received, duplicate, ... */
    reason: text("reason").notNull(),
    status: text("status").$type<DisputeStatus>().notNull(),
    /** Stripe's evidence_details.due_by: after it no evidence is taken. */
    evidenceDueBy: timestamp("evidence_due_by", { withTimezone: true }),
    fundsWithdrawnAt: timestamp("funds_withdrawn_at", { withTimezone: true }),
    fundsReinstatedAt: timestamp("funds_reinstated_at", { withTimezone: true }),
    /** When Stripe made the event last applied (its `created`): an older event that arrives later changes nothing. */
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    /**
     * Our evidence went to Stripe (docs/decisions/094-dispute-evidence.md): when, and whether the
     * operator sent it or the platform did on its own 24 hours before the deadline. Set once.
     */
    evidenceSubmittedAt: timestamp("evidence_submitted_at", { withTimezone: true }),
    evidenceSubmittedBy: text("evidence_submitted_by").$type<EvidenceSubmitter>(),
    /** What the operator added to the pack, kept from a failed try for the next one, whoever makes it. */
    evidenceNote: text("evidence_note"),
    /** The last try that failed (Stripe down, or the dispute no longer takes evidence), and Stripe's words. */
    evidenceFailedAt: timestamp("evidence_failed_at", { withTimezone: true }),
    /**
     * Tries that failed, refused or with no answer: each try's idempotency key carries this count,
     * so every try is a new request, and two instances agree on its key. A try after a failed one
     * first reads the dispute back from Stripe, which says whether the failed one went in.
     */
    evidenceFailures: integer("evidence_failures").notNull().default(0),
    /** Who made the last try that failed: the sender, should Stripe's dispute read back show that it went in. */
    evidenceTriedBy: text("evidence_tried_by").$type<EvidenceSubmitter>(),
    evidenceError: text("evidence_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_disputes_stripe_idx").on(t.stripeDisputeId),
    index("payment_disputes_intent_idx").on(t.paymentIntentId),
    index("payment_disputes_due_idx").on(t.status, t.evidenceDueBy),
  ],
);

export type PaymentDispute = typeof paymentDisputes.$inferSelect;
