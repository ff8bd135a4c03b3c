// The customer answers a quote on their job page (docs/decisions/051-quotes-and-tax-invoices.md):
// accept with their typed name (kept with the time, IP, user agent and the hash of the terms), or
// decline with a reason. Only the job's open quote can be answered: a replaced, expired or
// answered one is 409, another job's is 404. Either way the electrician is told through the outbox.
import type { z } from "zod";
import { formatMoney } from "../../../shared/format";
import { QUOTE_MESSAGES, type QuoteAnswerResponse, type quoteAcceptRequest, type quoteDeclineRequest } from "../../../shared/quotes";
import type { Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import { scrubFreeText } from "../../core/listing";
import { enqueueProviderNotice } from "../../core/messages";
import type { DocumentDeps } from "./deps";
import { startPayment } from "./online";
import { livePurchaseIdOfLead, lockPurchase, lockQuote, markAccepted, markDeclined, quoteRecords } from "./quotes-repo";
import { jobPageDocuments } from "./read";
import { termsHash } from "./terms";
import { quoteStatusAt, toJobQuote, toQuote } from "./view";

export interface Signer {
  ip: string | null;
  userAgent: string | null;
}

/** The quote and its job, locked; 404 unless it belongs to this lead's live purchase, 409 unless it is open. */
async function openQuoteOf(tx: Db, lead: Lead, quoteId: number, now: Date) {
  const quote = await lockQuote(tx, quoteId);
  const job = quote && (await lockPurchase(tx, quote.purchaseId, null));
  if (!quote || !job || job.purchase.leadId !== lead.id) throw notFound(QUOTE_MESSAGES.notFound);
  if (quoteStatusAt(quote, now) !== "sent") throw conflict(QUOTE_MESSAGES.notOpen);
  return { quote, purchase: job.purchase };
}

async function answered(deps: DocumentDeps, lead: Lead, quoteId: number, message: string): Promise<QuoteAnswerResponse> {
  const purchaseId = await livePurchaseIdOfLead(deps.db, lead.id);
  const found = await jobPageDocuments(deps, lead, purchaseId ?? null, "", deps.now());
  if (found.quote?.id === quoteId) return { message, quote: found.quote };
  const [record] = await quoteRecords(deps.db, { quoteIds: [quoteId] });
  return { message, quote: toJobQuote(toQuote(record!, deps.now()), (text) => scrubFreeText(text, lead)) };
}

const tellElectrician = (tx: Db, deps: DocumentDeps, input: { event: string; userId: number; lead: Lead; title: string; body: string; now: Date }) =>
  enqueueProviderNotice(tx, {
    event: input.event,
    userId: input.userId,
    leadId: input.lead.id,
    title: input.title,
    body: input.body,
    origin: deps.settings.origin,
    now: input.now,
  });

export async function acceptQuote(deps: DocumentDeps, lead: Lead, quoteId: number, input: z.output<typeof quoteAcceptRequest>, signer: Signer) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { quote, purchase } = await openQuoteOf(tx, lead, quoteId, now);
    const [record] = await quoteRecords(tx, { quoteIds: [quote.id] });
    await markAccepted(tx, quote.id, {
      quoteId: quote.id,
      signatureName: input.signatureName,
      acceptedAt: now,
      ip: signer.ip,
      userAgent: signer.userAgent?.slice(0, 500) ?? null,
      termsHash: termsHash(toQuote(record!, now)),
    });
    await deps.moveStage(tx, purchase.id, { to: "quote_accepted", changedBy: null, now });
    await tellElectrician(tx, deps, {
      event: `quote.accepted:${quote.id}`,
      userId: purchase.assignedTo ?? purchase.buyerId,
      lead,
      title: `Quote ${quote.number} accepted`,
      body: `${input.signatureName} accepted your quote of ${formatMoney(quote.total)} for job ${lead.jobReference}.`,
      now,
    });
  });
  deps.wake();
  const payment = await depositPayment(deps, lead, quoteId);
  const answer = await answered(deps, lead, quoteId, QUOTE_MESSAGES.accepted);
  return payment ? { ...answer, payment } : answer;
}

/**
 * The deposit, straight after accepting (docs/decisions/056): Stripe's Payment Element for it, or
 * in demo mode paid at once. None when no deposit is asked, the electrician takes no online
 * payments (the page shows EFT), or Stripe failed: the acceptance stands, and the page offers
 * `pay` again.
 */
async function depositPayment(deps: DocumentDeps, lead: Lead, quoteId: number) {
  try {
    return (await startPayment(deps, lead, { quoteId })).payment;
  } catch (err) {
    if (err instanceof AppError) return undefined;
    throw err;
  }
}

export async function declineQuote(deps: DocumentDeps, lead: Lead, quoteId: number, input: z.output<typeof quoteDeclineRequest>) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { quote, purchase } = await openQuoteOf(tx, lead, quoteId, now);
    await markDeclined(tx, quote.id, { declineReason: input.reason, declineNote: input.note, declinedAt: now });
    // The pipeline's decline reasons hold the customer's (shared/pipeline-jobs.ts DECLINE_REASONS).
    await deps.moveStage(tx, purchase.id, { to: "declined", changedBy: null, now, decline: { reason: input.reason, note: input.note } });
    await tellElectrician(tx, deps, {
      event: `quote.declined:${quote.id}`,
      userId: purchase.assignedTo ?? purchase.buyerId,
      lead,
      title: `Quote ${quote.number} declined`,
      body: `The customer declined your quote of ${formatMoney(quote.total)} for job ${lead.jobReference}.`,
      now,
    });
  });
  deps.wake();
  return answered(deps, lead, quoteId, QUOTE_MESSAGES.declined);
}
