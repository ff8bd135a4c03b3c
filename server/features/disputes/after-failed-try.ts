// Before a try of a dispute's evidence that follows a failed one (docs/decisions/094-dispute-
// evidence.md): Stripe keeps the first answer to a key, a 500 included, so the failed try's key
// would only get that answer again. The dispute is read back instead: it went in (the answer was
// lost), the dispute takes no more, or the next try goes under a new key.
import { EVIDENCE_MESSAGES, evidenceAtStripe, type EvidenceSubmitter } from "../../../shared/dispute-evidence";
import type { PaymentDispute } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { EvidenceNotTaken, type DisputeAtStripe, type DisputeEvidenceGateway } from "../../platform/payments";
import * as repo from "./evidence-repo";

export type SendOutcome = { sent: true } | { sent: false; reason: string; failed: boolean };

/** What Stripe says of the failed try, recorded on the locked row; undefined when the next try is to go. */
export async function afterFailedTry(
  stripe: DisputeEvidenceGateway,
  tx: Db,
  d: PaymentDispute,
  by: EvidenceSubmitter,
  now: Date,
): Promise<SendOutcome | undefined> {
  let seen: DisputeAtStripe;
  try {
    seen = await stripe.readBack(d.stripeDisputeId, d.stripeAccount ?? undefined);
  } catch (err) {
    if (!(err instanceof EvidenceNotTaken)) throw err;
    await repo.markNotReadBack(tx, d.id, err.message);
    return { sent: false, reason: EVIDENCE_MESSAGES.notReadBack, failed: true };
  }
  const verdict = evidenceAtStripe(seen);
  if (verdict === "again") return undefined;
  if (verdict === "went") {
    // Sent when the failed try was made, by whoever made it (a row failed before that was kept: this sender).
    await repo.markSubmitted(tx, d.id, {
      evidenceSubmittedAt: d.evidenceFailedAt ?? now,
      evidenceSubmittedBy: d.evidenceTriedBy ?? by,
      evidenceNote: d.evidenceNote,
    });
    return { sent: true };
  }
  const reason = EVIDENCE_MESSAGES.closedAtStripe(seen.status);
  await repo.markClosedAtStripe(tx, d.id, { status: seen.status, at: now, error: reason });
  return { sent: false, reason, failed: false };
}
