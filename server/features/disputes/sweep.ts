// The evidence nobody sent (docs/decisions/094-dispute-evidence.md): on every poll of the
// background worker, each dispute we hold a pack for (a lead purchase's, or a customer's payment
// on an electrician's account) still waiting for evidence 24 hours before its deadline is sent by
// the platform itself. Exactly once however many instances sweep: each goes in
// its own transaction holding the dispute's row (SKIP LOCKED: one another instance is sending is
// passed by), which finds it sent if another got there first.
import { AUTO_SUBMIT_BEFORE_DUE_MS, EVIDENCE_MESSAGES } from "../../../shared/dispute-evidence";
import { lockDisputeIfFree, disputesDueForEvidence } from "./evidence-repo";
import type { SendOutcome } from "./after-failed-try";
import { sendEvidence, type DisputeEvidenceDeps } from "./submit";

/** Disputes looked at per pass; the next poll takes the rest. */
const BATCH = 20;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 30 * 60_000;

export function createEvidenceSweep(deps: DisputeEvidenceDeps) {
  // A try Stripe refused or could not take waits 30 s, 1 min, 2 min ... up to 30 min on this instance.
  const backingOff = new Map<number, { tries: number; until: number }>();
  return {
    name: "dispute evidence",
    async run(): Promise<boolean> {
      // Demo mode: no Stripe, nothing to send (the demo's disputes are seeded, not reported).
      if (!deps.stripe) return false;
      const now = deps.now();
      const waiting = [...backingOff].filter(([, wait]) => wait.until > Date.now()).map(([id]) => id);
      let busy = false;
      for (const id of await disputesDueForEvidence(deps.db, now, new Date(now.getTime() + AUTO_SUBMIT_BEFORE_DUE_MS), BATCH, waiting)) {
        let outcome: SendOutcome;
        try {
          outcome = await sendEvidence(deps, id, "automatic", null, lockDisputeIfFree);
        } catch (err) {
          // One dispute that cannot be built (a bug, a PDF that fails) waits; the rest still go.
          deps.logger.error({ err, disputeId: id }, "disputes: the automatic evidence could not be built");
          outcome = { sent: false, reason: "error", failed: true };
        }
        if (outcome.sent) {
          busy = true;
          backingOff.delete(id);
          deps.logger.info({ disputeId: id }, "disputes: evidence sent on its own, a day before the deadline");
        } else if (outcome.failed) {
          const tries = (backingOff.get(id)?.tries ?? 0) + 1;
          backingOff.set(id, { tries, until: Date.now() + Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (tries - 1)) });
          deps.logger.warn({ disputeId: id, tries, reason: outcome.reason }, "disputes: the automatic evidence failed; it is tried again later");
        } else if (outcome.reason === EVIDENCE_MESSAGES.notOurs) {
          // A charge we hold no record of: nothing to send; looked at again in a while, not on every pass.
          backingOff.set(id, { tries: 0, until: Date.now() + MAX_RETRY_MS });
        }
      }
      return busy;
    },
  };
}
