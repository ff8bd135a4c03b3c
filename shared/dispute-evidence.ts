// The evidence we send the card's bank for a disputed lead purchase (docs/decisions/094-dispute-
// evidence.md): what the pack holds, when it goes on its own, and the operator's one input.
import { z } from "zod";
import type { PaymentDisputeView } from "./disputes";
import type { DisputeStatus, EvidenceSubmitter } from "./schema/disputes";

export type { EvidenceSubmitter };

/** Nobody sent it by then: the platform sends the pack itself, this long before Stripe's deadline. */
export const AUTO_SUBMIT_BEFORE_DUE_MS = 24 * 60 * 60 * 1000;

/** Stripe takes evidence only while a dispute (or an inquiry) waits for our answer. */
export const EVIDENCE_OPEN_STATUSES: readonly DisputeStatus[] = ["needs_response", "warning_needs_response"];

export const disputeTakesEvidence = (status: DisputeStatus) => EVIDENCE_OPEN_STATUSES.includes(status);

/**
 * What a dispute read back from Stripe after a failed try says of our evidence
 * (docs/decisions/094-dispute-evidence.md): `went` when evidence was submitted (the failed try
 * went in though its answer was lost, or staged evidence went at the deadline); `closed` when the
 * dispute takes no more and none went; `again` when it still waits for evidence.
 */
export function evidenceAtStripe(seen: { status: DisputeStatus; hasEvidence: boolean; submissions: number }): "went" | "closed" | "again" {
  if (seen.submissions > 0) return "went";
  if (disputeTakesEvidence(seen.status)) return "again";
  return seen.hasEvidence ? "went" : "closed";
}

/** When the platform sends the pack on its own: a day before the deadline. */
export const autoSubmitAt = (dueBy: Date) => new Date(dueBy.getTime() - AUTO_SUBMIT_BEFORE_DUE_MS);

/** POST /api/admin/disputes/:id/evidence: the operator's note, added to the pack as it is sent. */
export const evidenceSubmission = z.object({
  note: z.string().trim().max(2000, "Keep the note under 2,000 characters").optional(),
});

/** One of Stripe's evidence fields as we fill it (`product_description`, `access_activity_log`, ...), with what it is called on screen. */
export interface EvidenceField {
  field: string;
  label: string;
  text: string;
}

/** The pack as the operator reviews it (GET /api/admin/disputes/:id/evidence). */
export interface DisputeEvidenceView {
  disputeId: number;
  /** The text fields sent to Stripe, in the order shown. */
  fields: EvidenceField[];
  /** Files uploaded with it: our tax invoice as the receipt. */
  files: Array<{ field: string; label: string; fileName: string }>;
  /** Open to evidence now (the dispute waits for it, not yet sent, deadline not passed). */
  open: boolean;
  dueBy: string | null;
  /** When it goes on its own if nobody sends it; null once sent or when it cannot be. */
  autoSubmitAt: string | null;
  submittedAt: string | null;
  submittedBy: EvidenceSubmitter | null;
  note: string | null;
  failedAt: string | null;
  error: string | null;
}

/** GET /api/payments/:id/dispute-evidence: what goes to the customer's bank for the electrician's disputed payment. */
export interface PaymentEvidenceView {
  fields: EvidenceField[];
  /** Null when there is no invoice to send (a deposit paid before one). */
  receiptName: string | null;
  dispute: PaymentDisputeView;
}

export const EVIDENCE_MESSAGES = {
  notFound: "Dispute not found",
  notDisputed: "No dispute of this payment",
  notOurs: "We hold no record of the charge this dispute names: answer it in Stripe's dashboard.",
  alreadySent: "The evidence for this dispute was already sent.",
  closed: "This dispute no longer takes evidence.",
  pastDue: "The deadline for evidence has passed.",
  demoMode: "Payments run in demo mode: there is no Stripe account to send evidence to.",
  refused: (why: string) => `Stripe did not take the evidence: ${why}`,
  noAnswer: "Stripe did not answer. Try again: the next try first asks Stripe whether this one went in, so the evidence is sent once.",
  notReadBack: "Stripe did not say whether the last try went in. Try again: nothing more is sent until Stripe says.",
  closedAtStripe: (status: string) => `Stripe shows this dispute as ${status.replaceAll("_", " ")}, with no evidence of ours: it takes no more.`,
} as const;
