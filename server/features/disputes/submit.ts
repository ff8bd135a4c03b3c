// A dispute's evidence: shown to the operator, and sent to Stripe once (docs/decisions/094-
// dispute-evidence.md), by the operator or by the platform 24 hours before the deadline. The
// dispute's row is locked while it is sent: the other sender waits (the operator) or passes it by
// (the sweep), then finds it sent. Each try's idempotency keys carry the count of failed tries, so
// every try is a new request; one after a failed try first reads the dispute back from Stripe.
import {
  autoSubmitAt,
  disputeTakesEvidence,
  EVIDENCE_MESSAGES,
  type DisputeEvidenceView,
  type EvidenceField,
  type EvidenceSubmitter,
} from "../../../shared/dispute-evidence";
import type { PaymentDispute } from "../../../shared/schema";
import { PRODUCT_NAME } from "../../../shared/site";
import type { Db } from "../../platform/db/client";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import type { Logger } from "../../platform/logger";
import { EvidenceNotTaken, type DisputeEvidenceGateway, type EvidenceFile } from "../../platform/payments";
import { evidenceFields, stripeEvidenceOf } from "./evidence";
import { afterFailedTry, type SendOutcome } from "./after-failed-try";
import * as repo from "./evidence-repo";

export interface DisputeEvidenceDeps {
  db: Db;
  now: () => Date;
  logger: Logger;
  /** Stripe's side; absent in demo mode, where no dispute can arrive. */
  stripe?: DisputeEvidenceGateway;
  /** Our tax invoice of a lead purchase (the lead invoices' port), sent as the receipt. */
  receiptOf(db: Db, purchaseId: number): Promise<EvidenceFile | undefined>;
  /** The pack of a customer's payment on an electrician's account (the documents' port). */
  paymentEvidence(db: Db, intentId: string, account: string): Promise<Pack | undefined>;
  origin: string;
}

/** The pack: the fields and the receipt. The receipt's PDF is made only when it is to be sent. */
export interface Pack {
  fields: EvidenceField[];
  /** Null when there is no document to send (a free lead, a deposit paid before any invoice). */
  receiptName: string | null;
  receipt(): Promise<EvidenceFile | undefined>;
}

/** The operator's note, after what the platform wrote. */
function withNote(fields: EvidenceField[], note: string | null): EvidenceField[] {
  if (!note?.trim()) return fields;
  const line = `From our operator: ${note.trim()}`;
  const other = fields.find((f) => f.field === "uncategorized_text");
  if (!other) return [...fields, { field: "uncategorized_text", label: "Other", text: line }];
  return fields.map((f) => (f === other ? { ...f, text: `${f.text}\n${line}` } : f));
}

/** A lead purchase's pack (ours), or a customer's payment's on an electrician's account (theirs). */
async function packOf(deps: DisputeEvidenceDeps, d: PaymentDispute, note: string | null): Promise<Pack | undefined> {
  if (d.stripeAccount !== null) {
    if (!d.paymentIntentId) return undefined;
    const found = await deps.paymentEvidence(deps.db, d.paymentIntentId, d.stripeAccount);
    return found && { ...found, fields: withNote(found.fields, note) };
  }
  if (d.purchaseId === null) return undefined;
  const purchaseId = d.purchaseId;
  const found = await repo.purchaseWithLead(deps.db, purchaseId);
  if (!found) return undefined;
  // One after another: inside the sender's transaction they share one connection.
  const contacts = await repo.contactLog(deps.db, purchaseId);
  const customer = await repo.customerActions(deps.db, purchaseId);
  const badLeadReports = await repo.badLeadReportsOf(deps.db, purchaseId);
  const fields = evidenceFields({ siteName: PRODUCT_NAME, siteUrl: deps.origin, ...found, contacts, customer, badLeadReports });
  return {
    fields: withNote(fields, note),
    receiptName: Number(found.purchase.amountPaid) > 0 ? `tax invoice of lead ${found.lead.jobReference}` : null,
    receipt: () => deps.receiptOf(deps.db, purchaseId),
  };
}

/** Why this dispute's evidence cannot be sent now, or nothing when it can. */
function refusal(d: PaymentDispute, now: Date): string | null {
  if (d.evidenceSubmittedAt) return EVIDENCE_MESSAGES.alreadySent;
  if (!disputeTakesEvidence(d.status)) return EVIDENCE_MESSAGES.closed;
  if (d.evidenceDueBy && d.evidenceDueBy.getTime() <= now.getTime()) return EVIDENCE_MESSAGES.pastDue;
  return null;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export async function evidenceView(deps: DisputeEvidenceDeps, id: number): Promise<DisputeEvidenceView> {
  const d = await repo.findDispute(deps.db, id);
  if (!d) throw notFound(EVIDENCE_MESSAGES.notFound);
  const pack = await packOf(deps, d, d.evidenceNote);
  if (!pack) throw conflict(EVIDENCE_MESSAGES.notOurs);
  const open = refusal(d, deps.now()) === null;
  return {
    disputeId: d.id,
    fields: pack.fields,
    files: pack.receiptName ? [{ field: RECEIPT_FIELD, label: "Receipt", fileName: pack.receiptName }] : [],
    open,
    dueBy: iso(d.evidenceDueBy),
    autoSubmitAt: open && d.evidenceDueBy ? autoSubmitAt(d.evidenceDueBy).toISOString() : null,
    submittedAt: iso(d.evidenceSubmittedAt),
    submittedBy: d.evidenceSubmittedBy,
    note: d.evidenceNote,
    failedAt: iso(d.evidenceFailedAt),
    error: d.evidenceError,
  };
}

const RECEIPT_FIELD = "receipt";

/**
 * Sends the pack, in one transaction holding the dispute's row. `lock` chooses how a row another
 * sender holds is met: waited for (the operator), or passed by (the sweep, which gets undefined).
 */
export async function sendEvidence(
  deps: DisputeEvidenceDeps,
  id: number,
  by: EvidenceSubmitter,
  note: string | null,
  lock: (tx: Db, id: number) => Promise<PaymentDispute | undefined> = repo.lockDispute,
): Promise<SendOutcome> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const d = await lock(tx, id);
    if (!d) return { sent: false, reason: EVIDENCE_MESSAGES.notFound, failed: false };
    const refused = refusal(d, now);
    if (refused) return { sent: false, reason: refused, failed: false };
    if (!deps.stripe) return { sent: false, reason: EVIDENCE_MESSAGES.demoMode, failed: false };
    if (d.evidenceFailedAt) {
      const said = await afterFailedTry(deps.stripe, tx, d, by, now);
      if (said) return said;
    }
    // The operator's note, or the one kept from a failed try: the pack the operator reviews shows it,
    // and the sweep sends it too.
    const sentNote = note ?? d.evidenceNote;
    const pack = await packOf({ ...deps, db: tx }, d, sentNote);
    if (!pack) return { sent: false, reason: EVIDENCE_MESSAGES.notOurs, failed: false };
    const key = `dispute-evidence:${d.stripeDisputeId}:${d.evidenceFailures}`;
    // A customer's payment is the electrician's charge: its file and its dispute live on their account.
    const account = d.stripeAccount ?? undefined;
    try {
      const evidence = stripeEvidenceOf(pack.fields);
      const receipt = await pack.receipt();
      if (receipt) evidence[RECEIPT_FIELD] = await deps.stripe.uploadFile(receipt, `${key}:receipt`, account);
      await deps.stripe.submit(d.stripeDisputeId, evidence, key, account);
    } catch (err) {
      if (!(err instanceof EvidenceNotTaken)) throw err;
      // Refused or no answer, the next try asks Stripe first whether this one went in.
      await repo.markFailed(tx, id, { at: now, error: err.message, by, note: sentNote });
      return { sent: false, reason: err.refused ? EVIDENCE_MESSAGES.refused(err.message) : EVIDENCE_MESSAGES.noAnswer, failed: true };
    }
    await repo.markSubmitted(tx, id, { evidenceSubmittedAt: now, evidenceSubmittedBy: by, evidenceNote: sentNote });
    return { sent: true };
  });
}

/** The operator's send: a refusal is a 409 that says why, Stripe's failure a 502. */
export async function sendEvidenceAsOperator(deps: DisputeEvidenceDeps, id: number, note: string | null): Promise<DisputeEvidenceView> {
  const outcome = await sendEvidence(deps, id, "operator", note);
  if (!outcome.sent) {
    if (outcome.reason === EVIDENCE_MESSAGES.notFound) throw notFound(outcome.reason);
    throw outcome.failed ? new AppError(502, outcome.reason) : conflict(outcome.reason);
  }
  return evidenceView(deps, id);
}
