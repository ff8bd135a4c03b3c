// The contact promise on the buyer's side (docs/decisions/045-contact-promise.md, "Logging
// contact"): the electrician logs each try to reach the customer, and every pipeline row says
// by when contact is promised and whether it was made. Scoped like every purchase call.
import type { CurrentUser } from "../../../shared/auth";
import { contactBy, isEmergencyLead } from "../../../shared/contact-promise";
import type { ContactAttempt, ContactAttemptRequest } from "../../../shared/jobs";
import { CONTACT_ATTEMPT_FIELD, CONTACT_MESSAGES, contactAttemptAuditValue, firstContactOf, type PurchaseContact } from "../../../shared/pipeline-contact";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";

import type { Lead, LeadPurchase } from "../../../shared/schema";
import type { PurchaseAftercare } from "../../../shared/unreachable";
import { purchaseOwnerFilter } from "../../platform/access/authorize";
import type { DocumentSummary } from "../../../shared/invoices";
import type { PublicReview } from "../../../shared/reviews";
import type { Db } from "../../platform/db/client";
import { conflict, notFound } from "../../platform/http/errors";
import { BUYER_AUDIENCE, leadPhotosFor, photoIdsByLead } from "../../core/photos";
import { disputesByPurchase } from "../../core/disputes";
import { paperworkSummaries } from "../../core/paperwork";
import { refundsByPurchase } from "../../core/refunds";
import { recordChanges } from "./audit";
import * as contactRepo from "./contact-repo";
import * as repo from "./repo";

type PromiseLead = Pick<Lead, "source" | "state" | "urgency" | "serviceType">;

/** The promise of a market purchase, from its own sale time; a provider's own job has none (docs/product.md section 14). */
export function promiseOf(purchase: Pick<LeadPurchase, "purchasedAt">, lead: PromiseLead, promiseMinutes: number): Date | null {
  if (lead.source === "provider_manual") return null;
  return contactBy({ purchasedAt: purchase.purchasedAt, state: lead.state, emergency: isEmergencyLead(lead), promiseMinutes });
}

/**
 * Logs one attempt: the buyer, their team (the assignee is always in it) or the super admin,
 * like every other purchase call; anyone else, or a released purchase, is "not found". The
 * audit trail gets one `contactAttempt` row, so the card's History shows who logged it.
 */
export async function logContactAttempt(db: Db, user: CurrentUser, purchaseId: number, attempt: ContactAttemptRequest, now: Date): Promise<ContactAttempt> {
  return db.transaction(async (tx) => {
    // Locked, so an unpurchase running at the same moment cannot leave an attempt on a released sale.
    const purchase = await repo.lockLivePurchase(tx, purchaseId, purchaseOwnerFilter(user));
    if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
    const lead = await repo.findLead(tx, purchase.leadId);
    if (lead!.source === "provider_manual") throw conflict(CONTACT_MESSAGES.ownJob);
    const row = await contactRepo.insertAttempt(tx, { purchaseId: purchase.id, userId: user.id, ...attempt, now });
    const field = CONTACT_ATTEMPT_FIELD;
    await recordChanges(tx, { purchaseId: purchase.id, changedBy: user.id, now }, { [field]: null }, { [field]: contactAttemptAuditValue(row) }, [field]);
    // Reaching the customer is the call the Called stage stands for: a card still in Purchased
    // moves there, as the customer's page already says "Electrician in touch". A card further
    // on stays where it is. The typed values are untouched, so its version stays.
    if (attempt.outcome === "reached" && purchase.salesStage === "purchased") {
      await repo.updatePurchaseStage(tx, purchase.id, { salesStage: "called" }, now);
      await repo.recordStageChange(tx, { purchaseId: purchase.id, changedBy: user.id, fromStage: "purchased", toStage: "called", now });
    }
    return { id: row.id, channel: row.channel, outcome: row.outcome, at: row.createdAt.toISOString() };
  });
}

/**
 * The pipeline's rows (GET /api/my-purchased-leads): each purchase with its lead, its contact
 * promise, its refund row and its "customer unreachable" claim (docs/decisions/049).
 */
/**
 * Each job's quote and invoice summary (server/features/documents, wired by server/app.ts so the pipeline
 * does not import it): docs/decisions/051-quotes-and-tax-invoices.md.
 */
export type DocumentSummariesReader = (db: Db, purchaseIds: number[], now: Date) => Promise<Map<number, DocumentSummary>>;

/** Each job's review as the public sees it (server/features/reviews, wired by server/app.ts): docs/decisions/062-review-screens.md. */
export type ReviewsReader = (db: Db, purchaseIds: number[]) => Promise<Map<number, PublicReview>>;

/**
 * Each row's refund and "customer unreachable" claim (server/features/refunds, wired by
 * server/app.ts so the pipeline does not import it): docs/decisions/049.
 */
export type AftercareReader = (db: Db, rows: Array<{ purchase: LeadPurchase; lead: Lead }>, now: Date) => Promise<Map<number, PurchaseAftercare>>;

/** What the pipeline shows of other features, each read by the feature that owns it. */
export interface PipelineReaders {
  aftercare: AftercareReader;
  documents?: DocumentSummariesReader;
  reviews?: ReviewsReader;
}

const NO_DOCUMENTS: DocumentSummary = { quote: null, invoice: null, quoted: null, invoiced: null, paid: null, paymentFailed: null };

export async function pipelineRowsOf(
  db: Db,
  ownerId: number,
  promiseMinutes: number,
  now: Date,
  { aftercare: aftercareOf, documents, reviews: reviewsOf }: PipelineReaders,
) {
  const [rows, latest] = await Promise.all([repo.purchasesOf(db, ownerId), contactRepo.latestAttemptsOf(db, ownerId)]);
  const attempts = new Map(latest.map((a) => [a.purchaseId, a]));
  const aftercare = await aftercareOf(db, rows, now);
  const summaries = documents
    ? await documents(
        db,
        rows.map((r) => r.purchase.id),
        now,
      )
    : new Map<number, DocumentSummary>();
  const reviews = reviewsOf
    ? await reviewsOf(
        db,
        rows.map((r) => r.purchase.id),
      )
    : new Map<number, PublicReview>();
  // A chargeback of the purchase (docs/decisions/093-disputes.md).
  const disputes = await disputesByPurchase(
    db,
    rows.map((r) => r.purchase.id),
  );
  // The paperwork's clocks at a glance (docs/decisions/105-paperwork-on-the-card.md).
  const paperwork = await paperworkSummaries(
    db,
    rows.map((r) => r.purchase.id),
    now,
  );
  // The buyer's side sees the customer's photos in full (docs/decisions/050-photos.md).
  const photos = await photoIdsByLead(
    db,
    rows.map((r) => r.lead.id),
  );
  return rows.map(({ purchase, lead: bought, request }) => {
    const last = attempts.get(purchase.id);
    // Lost on a missed promise (docs/decisions/049): the customer is someone else's to call now.
    const lead = purchase.releasedAt ? { ...bought, customerPhone: "", customerEmail: null, customerAddress: null, accessNotes: null } : bought;
    const contact: PurchaseContact = {
      // The promise of the customer's own request, as the job page and the relist keep it, whatever the buyer's copy says (docs/decisions/073).
      contactBy: promiseOf(purchase, request, promiseMinutes)?.toISOString() ?? null,
      firstContactAt: firstContactOf(purchase, last?.firstAt ?? null)?.toISOString() ?? null,
      lastAttempt: last ? { id: last.id, channel: last.channel, outcome: last.outcome, at: last.at.toISOString() } : null,
    };
    const after: PurchaseAftercare = aftercare.get(purchase.id) ?? { refund: null, unreachable: null };
    const docs = summaries.get(purchase.id) ?? NO_DOCUMENTS;
    return {
      ...purchase,
      lead: { ...lead, ...leadPhotosFor(photos.get(lead.id) ?? [], BUYER_AUDIENCE) },
      ...contact,
      ...after,
      documents: docs,
      review: reviews.get(purchase.id) ?? null,
      // Bought by a standing order, whether or not the order still exists (docs/decisions/065-auto-buy-screens.md).
      autoBought: purchase.autoBuyOrderId != null,
      dispute: disputes.get(purchase.id) ?? null,
      paperwork: paperwork.get(purchase.id) ?? null,
    };
  });
}

/** The export's rows, each with its promise, first contact and every attempt, oldest first. */
export async function exportRowsWithContact(
  db: Db,
  ownerId: number,
  range: { from?: string; to?: string },
  promiseMinutes: number,
  documents?: { read: DocumentSummariesReader; now: Date },
) {
  const [rows, all] = await Promise.all([repo.exportRowsOf(db, ownerId, range), contactRepo.attemptsForExport(db, ownerId, range)]);
  const refunds = await refundsByPurchase(
    db,
    rows.map((r) => r.purchase.id),
  );
  const summaries = documents
    ? await documents.read(
        db,
        rows.map((r) => r.purchase.id),
        documents.now,
      )
    : new Map<number, DocumentSummary>();
  const byPurchase = new Map<number, typeof all>();
  for (const a of all) byPurchase.set(a.purchaseId, [...(byPurchase.get(a.purchaseId) ?? []), a]);
  return rows.map(({ purchase, lead, request }) => {
    const attempts = byPurchase.get(purchase.id) ?? [];
    const contact = {
      contactBy: promiseOf(purchase, request, promiseMinutes),
      firstContactAt: firstContactOf(purchase, attempts[0]?.at ?? null),
      attempts,
    };
    // The refund's amount, reason and time from its row (docs/decisions/049), never from the purchase's copy.
    return { purchase, lead, contact, refund: refunds.get(purchase.id) ?? null, documents: summaries.get(purchase.id) ?? null };
  });
}
