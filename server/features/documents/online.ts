// The customer pays a deposit or an invoice's balance on the job page (docs/decisions/056-money-
// online-stripe-connect.md). A PaymentIntent is made on the electrician's connected account (a
// direct charge, no platform fee) and answered as `{ clientSecret, stripeAccount }`; the money is
// recorded only when Stripe's signed `payment_intent.succeeded` arrives (online-events.ts). In
// demo mode (no Stripe keys, never in production) the payment is recorded at once.
import { randomUUID } from "node:crypto";
import { formatMoney } from "../../../shared/format";
import { INVOICE_MESSAGES, type Invoice } from "../../../shared/invoices";
import { fromCents, toCents } from "../../../shared/pricing";
import { QUOTE_MESSAGES, type Quote } from "../../../shared/quotes";
import type { Lead } from "../../../shared/schema";
import { ONLINE_PAYMENT_MESSAGES, type PaymentAnswer, type PaymentSource } from "../../../shared/stripe-connect";
import type { Db } from "../../platform/db/client";
import { conflict, notFound } from "../../platform/http/errors";
import { enqueueInvoicePaid, enqueueProviderNotice } from "../../core/messages";
import type { ConnectGateway, ConnectIntent } from "../../platform/payments";
import type { DocumentDeps } from "./deps";
import { insertPayment, invoiceRecords, liveInvoiceOfQuote, lockInvoice, paidOn } from "./invoices-repo";
import { insertIntent, intentsOf, jobOfPayment, paidIntentIds, type PayRef } from "./online-repo";
import { settleJob } from "./payments";
import { livePurchaseIdOfLead, lockQuote, quoteRecords } from "./quotes-repo";
import { takesOnlinePayments } from "./stripe-account";
import { paidCentsOf } from "./records";
import { balanceCents, toInvoice, toQuote } from "./view";

export type { PayRef } from "./online-repo";

/** A deposit is paid online while the quote is accepted and not yet invoiced (then the invoice's balance is what is paid). */
export function depositOwingCents(quote: Pick<Quote, "status" | "deposit" | "depositPaid">, invoiced: boolean): number {
  if (quote.status !== "accepted" || invoiced) return 0;
  return Math.max(0, toCents(quote.deposit) - toCents(quote.depositPaid));
}

/** An invoice is paid online while issued or part paid, up to its balance. */
export const invoiceOwingCents = (invoice: Pick<Invoice, "status" | "balanceDue">) =>
  invoice.status === "issued" || invoice.status === "part_paid" ? toCents(invoice.balanceDue) : 0;

interface Owing {
  ref: PayRef;
  purchaseId: number;
  ownerId: number;
  number: string;
  owingCents: number;
}

/** What the customer may pay online now on this document of their job; 404 for another job's. */
async function owingOf(db: Db, lead: Lead, ref: PayRef, now: Date): Promise<Owing> {
  const purchaseId = await livePurchaseIdOfLead(db, lead.id);
  if (ref.quoteId !== undefined) {
    const [record] = await quoteRecords(db, { quoteIds: [ref.quoteId] });
    if (!record || purchaseId === undefined || record.quote.purchaseId !== purchaseId) throw notFound(QUOTE_MESSAGES.notFound);
    const invoices = await invoiceRecords(db, { purchaseIds: [purchaseId] });
    const invoiced = invoices.some((r) => r.invoice.quoteId === ref.quoteId && r.invoice.status !== "void");
    const quote = toQuote(record, now);
    return { ref, purchaseId, ownerId: record.quote.providerId, number: quote.number, owingCents: depositOwingCents(quote, invoiced) };
  }
  const [record] = await invoiceRecords(db, { invoiceIds: [ref.invoiceId] });
  if (!record || purchaseId === undefined || record.invoice.purchaseId !== purchaseId) throw notFound(INVOICE_MESSAGES.notFound);
  const invoice = toInvoice(record, "");
  return { ref, purchaseId, ownerId: record.invoice.providerId, number: invoice.number, owingCents: invoiceOwingCents(invoice) };
}

/** Stripe's statuses of an intent the customer may still pay with. */
const PAYABLE = new Set(["requires_payment_method", "requires_confirmation", "requires_action"]);
/** How many of a document's unpaid intents are asked about before a new one is made. */
const INTENTS_CHECKED = 3;

/**
 * The document's open intent for this amount, or a new one. An earlier intent Stripe already
 * took (its event not yet here) is 409 "being confirmed": a second charge is never offered. An
 * earlier one still payable for another amount (the balance changed since: a payment recorded
 * by hand) is cancelled first, so a tab left open on the old amount cannot charge the customer
 * again; only one intent is ever payable, so the newest few are all there is to look at. The
 * idempotency key names the document, the amount and how many intents it had, so a double tap
 * makes one intent.
 */
async function openIntent(connect: ConnectGateway, db: Db, owing: Owing, account: string, lead: Lead, now: Date): Promise<ConnectIntent> {
  const earlier = await intentsOf(db, owing.ref);
  const paid = await paidIntentIds(db, owing.ref);
  for (const row of earlier.filter((r) => r.stripeAccount === account && !paid.has(r.id)).slice(0, INTENTS_CHECKED)) {
    const intent = await connect.retrieveIntent(account, row.id);
    if (intent.status === "succeeded" || intent.status === "processing") throw conflict(ONLINE_PAYMENT_MESSAGES.paidReceived);
    if (!PAYABLE.has(intent.status)) continue;
    if (row.amountCents === owing.owingCents) return intent;
    const cancelled = await connect.cancelIntent(account, row.id).catch(async (err: unknown) => {
      // Paid at this very moment in the old tab: Stripe refuses the cancel, and the intent says why.
      const now = await connect.retrieveIntent(account, row.id);
      if (now.status === "succeeded" || now.status === "processing") throw conflict(ONLINE_PAYMENT_MESSAGES.paidReceived);
      throw err;
    });
    if (cancelled.status !== "canceled") throw conflict(ONLINE_PAYMENT_MESSAGES.paidReceived);
  }
  const kind = owing.ref.invoiceId !== undefined ? "invoice" : "deposit";
  const documentId = owing.ref.invoiceId ?? owing.ref.quoteId!;
  const intent = await connect.createIntent({
    account,
    amountCents: owing.owingCents,
    description: `${kind === "deposit" ? "Deposit on quote" : "Invoice"} ${owing.number}, job ${lead.jobReference}`,
    metadata: {
      kind,
      purchaseId: String(owing.purchaseId),
      ...(kind === "invoice" ? { invoiceId: String(documentId) } : { quoteId: String(documentId) }),
      jobReference: lead.jobReference,
    },
    idempotencyKey: `job-pay:${kind}:${documentId}:${owing.owingCents}:${earlier.length}`,
  });
  await insertIntent(db, {
    id: intent.id,
    stripeAccount: account,
    purchaseId: owing.purchaseId,
    ...(owing.ref.invoiceId !== undefined ? { invoiceId: owing.ref.invoiceId } : { quoteId: owing.ref.quoteId }),
    amountCents: owing.owingCents,
    createdAt: now,
  });
  return intent;
}

/**
 * POST /api/jobs/:token/quotes/:quoteId/pay and /invoices/:id/pay: Stripe's Payment Element for
 * what is owing, or in demo mode the payment recorded at once. 409 when nothing can be paid
 * online (nothing owing; the electrician takes no online payments: the page shows EFT).
 */
export async function startPayment(deps: DocumentDeps, lead: Lead, ref: PayRef): Promise<PaymentAnswer> {
  const now = deps.now();
  const owing = await owingOf(deps.db, lead, ref, now);
  if (owing.owingCents <= 0) throw conflict(ONLINE_PAYMENT_MESSAGES.notPayable);
  if (!deps.connect) {
    await deps.db.transaction((tx) => recordOnlinePayment(tx, deps, { ref, intentId: `demo_${randomUUID()}`, account: null, source: "demo", now }));
    deps.wake();
    return { payment: { demo: true } };
  }
  const { account } = await takesOnlinePayments(deps, owing.ownerId);
  if (!account) throw conflict(ONLINE_PAYMENT_MESSAGES.notOnline);
  const intent = await openIntent(deps.connect, deps.db, owing, account, lead, now);
  return { payment: { clientSecret: intent.clientSecret, stripeAccount: account } };
}

export interface OnlinePaymentIn {
  ref: PayRef;
  intentId: string;
  /** The connected account it was paid on; null in demo mode. */
  account: string | null;
  source: Exclude<PaymentSource, "recorded">;
  /** What Stripe received; left out in demo mode: what is owing now (409 when nothing is). */
  amountCents?: number;
  now: Date;
}

/** What an invoice still has owing, in cents, as its record reads now (0 when void). */
async function invoiceBalanceCents(tx: Db, invoiceId: number): Promise<number> {
  const [record] = await invoiceRecords(tx, { invoiceIds: [invoiceId] });
  return balanceCents({ ...record!, paidCents: paidCentsOf(record!.payments) });
}

/**
 * Records an online payment once per intent, with the document locked. More than is owing is
 * still recorded (the money has moved): the excess is the payment's `overpaid`, the balance stays
 * at 0 (docs/decisions/056). The invoice settles as a recorded payment's does (052); the
 * electrician is told, and an invoice now paid in full texts the customer a receipt.
 */
export async function recordOnlinePayment(tx: Db, deps: DocumentDeps, input: OnlinePaymentIn): Promise<boolean> {
  const { ref, now } = input;
  let purchaseId: number;
  let number: string;
  /** What this payment is for now: the invoice's balance, or the deposit not yet paid. */
  let dueCents: number;
  /** What may be received before it is more than is owing: the balance, or what the quote still owes in all (052). */
  let ceilingCents: number;
  let invoiceToSettle: { id: number; number: string; status: string } | undefined;
  if (ref.invoiceId !== undefined) {
    const invoice = await lockInvoice(tx, ref.invoiceId);
    if (!invoice) return false;
    dueCents = ceilingCents = await invoiceBalanceCents(tx, invoice.id);
    ({ purchaseId, number } = invoice);
    invoiceToSettle = invoice.status === "void" ? undefined : invoice;
  } else {
    const quote = await lockQuote(tx, ref.quoteId);
    if (!quote) return false;
    const live = await liveInvoiceOfQuote(tx, quote.id);
    const depositPaid = toCents(await paidOn(tx, { quoteId: quote.id }));
    // Once invoiced, the invoice's balance (which counts the deposit) is what is owing: its total
    // may differ from the quote's (priced again at issue, docs/decisions/052).
    ceilingCents = live ? await invoiceBalanceCents(tx, live.id) : Math.max(0, toCents(quote.total) - depositPaid);
    dueCents = Math.min(ceilingCents, Math.max(0, toCents(quote.deposit) - depositPaid));
    ({ purchaseId, number } = quote);
    invoiceToSettle = live;
  }
  const job = await jobOfPayment(tx, purchaseId);
  // A demo pays what is due now: a second tap finds nothing due (409), as Stripe's idempotency would.
  const amountCents = input.amountCents ?? dueCents;
  if (amountCents <= 0) throw conflict(ONLINE_PAYMENT_MESSAGES.notPayable);
  const overpaidCents = Math.max(0, amountCents - ceilingCents);
  const row = await insertPayment(tx, {
    purchaseId,
    ...(ref.invoiceId !== undefined ? { invoiceId: ref.invoiceId } : { quoteId: ref.quoteId }),
    amount: fromCents(amountCents),
    method: "card",
    source: input.source,
    paymentIntentId: input.intentId,
    stripeAccount: input.account,
    overpaid: fromCents(overpaidCents),
    recordedBy: null,
    recordedAt: now,
  });
  if (!row) return false;
  // "Paid through Aussie Electricians" on the job's review, if it was written before (docs/decisions/058-reviews.md).
  if (ref.invoiceId !== undefined) await deps.markPaidOnPlatform(tx, purchaseId);
  const settled = invoiceToSettle && (await settleJob(tx, deps, { invoiceId: invoiceToSettle.id, purchaseId, changedBy: null, now }));
  if (!job) return true;
  const over = overpaidCents > 0 ? ` That is ${formatMoney(fromCents(overpaidCents))} more than was owing: refund the payment from the job's documents.` : "";
  await enqueueProviderNotice(tx, {
    event: `payment.online:${row.id}`,
    userId: job.purchase.assignedTo ?? job.purchase.buyerId,
    leadId: job.lead.id,
    title: `Paid online: ${number}`,
    body: `The customer paid ${formatMoney(row.amount)} on ${number} for job ${job.lead.jobReference}${input.source === "demo" ? " (demo: nothing was charged)" : ""}.${over}`,
    origin: deps.settings.origin,
    now,
  });
  if (invoiceToSettle && settled === "paid" && invoiceToSettle.status !== "paid") {
    const [record] = await invoiceRecords(tx, { invoiceIds: [invoiceToSettle.id] });
    const paidCents = paidCentsOf(record!.payments) + toCents(record!.depositPaid);
    await enqueueInvoicePaid(tx, deps.settings, {
      invoiceId: invoiceToSettle.id,
      invoiceNumber: invoiceToSettle.number,
      lead: job.lead,
      businessName: record!.invoice.sellerName,
      paid: fromCents(paidCents),
      now,
    });
  }
  return true;
}
