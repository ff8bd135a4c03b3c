// Recorded payments (docs/decisions/052-invoice-numbers-and-payments.md): the electrician says what
// they received, by EFT, cash or card, against an invoice or as an accepted quote's deposit.
// Partial payments add up; more than is owing is refused (409, the balance being the job's
// state); an invoice paid in full settles, and a job whose invoices are all paid moves to Paid; a
// refund that leaves one no longer paid in full moves it back (docs/decisions/056).
import type { z } from "zod";
import type { CurrentUser } from "../../../shared/auth";
import { INVOICE_MESSAGES, type Invoice, type InvoiceStatus, type paymentRequest } from "../../../shared/invoices";
import { fromCents, toCents } from "../../../shared/pricing";
import { QUOTE_MESSAGES, type Quote } from "../../../shared/quotes";
import type { InvoiceRow } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, conflict } from "../../platform/http/errors";
import type { DocumentDeps } from "./deps";
import { insertPayment, invoiceRecords, liveInvoiceOfQuote, liveInvoiceStatuses, paidOn, setInvoiceStatus } from "./invoices-repo";
import { lockInvoicedJob, ownerOf, readInvoices } from "./locks";
import { lockPurchase, lockQuote, quoteRecords } from "./quotes-repo";
import { paidCentsOf } from "./records";
import { balanceCents, settledStatus, toQuote } from "./view";

type PaymentInput = z.output<typeof paymentRequest>;

/** An invoice's status from its payments; and when every live invoice of the job is paid, the job moves to Paid. */
export async function settleJob(
  tx: Db,
  deps: Pick<DocumentDeps, "moveStage">,
  at: { invoiceId: number; purchaseId: number; changedBy: number | null; now: Date },
): Promise<InvoiceStatus> {
  const [record] = await invoiceRecords(tx, { invoiceIds: [at.invoiceId] });
  const paidCents = paidCentsOf(record!.payments);
  const status = settledStatus({ ...record!, paidCents });
  if (status !== record!.invoice.status) await setInvoiceStatus(tx, at.invoiceId, status);
  const statuses = await liveInvoiceStatuses(tx, at.purchaseId);
  if (statuses.length > 0 && statuses.every((s) => s === "paid")) {
    await deps.moveStage(tx, at.purchaseId, { to: "invoice_paid", changedBy: at.changedBy, now: at.now });
  }
  return status;
}

/** How the money went back, as the job's history says it. */
const MONEY_BACK = { here: "Refunded", inStripe: "Refunded in Stripe", chargedBack: "Charged back by the customer's bank" } as const;

/**
 * After a refund, made here or in Stripe (docs/decisions/056, 093): the invoice's status follows its
 * money, and when the refund took it out of paid in full, a job at Paid goes back to the stage it
 * had before, its audit trail saying why. `invoice` is as it was locked, before the refund.
 */
export async function settleRefund(
  tx: Db,
  deps: Pick<DocumentDeps, "moveStage" | "moveBackFromPaid">,
  at: { invoice: Pick<InvoiceRow, "id" | "number" | "status">; purchaseId: number; changedBy: number | null; now: Date; how: keyof typeof MONEY_BACK },
): Promise<void> {
  const { invoice, purchaseId, changedBy, now } = at;
  const status = await settleJob(tx, deps, { invoiceId: invoice.id, purchaseId, changedBy, now });
  if (invoice.status !== "paid" || status === "paid") return;
  const reason = `${MONEY_BACK[at.how]}: invoice ${invoice.number} no longer paid in full`;
  await deps.moveBackFromPaid(tx, purchaseId, { reason, changedBy, now });
}

const overpaid = (owingCents: number, message: (owing: string) => string) => {
  const text = message(fromCents(owingCents));
  return new AppError(409, text, { amount: text });
};

export async function recordInvoicePayment(deps: DocumentDeps, user: CurrentUser, invoiceId: number, input: PaymentInput): Promise<Invoice> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { invoice } = await lockInvoicedJob(tx, user, invoiceId);
    if (invoice.status === "void") throw conflict(INVOICE_MESSAGES.notPayable);
    if (invoice.status === "paid") throw conflict(INVOICE_MESSAGES.alreadyPaid);
    const [record] = await invoiceRecords(tx, { invoiceIds: [invoice.id] });
    const owing = balanceCents({ ...record!, paidCents: toCents(await paidOn(tx, { invoiceId: invoice.id })) });
    if (toCents(input.amount) > owing) throw overpaid(owing, INVOICE_MESSAGES.overpayment);
    await insertPayment(tx, {
      purchaseId: invoice.purchaseId,
      invoiceId: invoice.id,
      amount: input.amount,
      method: input.method,
      recordedBy: user.id,
      recordedAt: now,
    });
    await settleJob(tx, deps, { invoiceId: invoice.id, purchaseId: invoice.purchaseId, changedBy: user.id, now });
  });
  const [invoice] = await readInvoices(deps.db, [invoiceId]);
  return invoice!;
}

/** A deposit on the job's accepted quote; an invoice already issued from it counts it at once. */
export async function recordDeposit(deps: DocumentDeps, user: CurrentUser, quoteId: number, input: PaymentInput): Promise<Quote> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const quote = await lockQuote(tx, quoteId);
    // The quote, its invoice, then the job: the order every payment and refund locks them in, so
    // this never deadlocks with an online payment arriving on that invoice (docs/decisions/056).
    const invoice = quote && (await liveInvoiceOfQuote(tx, quote.id));
    const job = quote && (await lockPurchase(tx, quote.purchaseId, ownerOf(user)));
    if (!quote || !job) throw notFound(QUOTE_MESSAGES.notFound);
    if (quote.status !== "accepted") throw conflict(INVOICE_MESSAGES.depositNotDue);
    const invoicePaid = invoice ? toCents(await paidOn(tx, { invoiceId: invoice.id })) : 0;
    const owing = toCents(quote.total) - toCents(await paidOn(tx, { quoteId: quote.id })) - invoicePaid;
    if (toCents(input.amount) > owing) throw overpaid(Math.max(0, owing), INVOICE_MESSAGES.depositOverTotal);
    await insertPayment(tx, {
      purchaseId: quote.purchaseId,
      quoteId: quote.id,
      amount: input.amount,
      method: input.method,
      recordedBy: user.id,
      recordedAt: now,
    });
    if (invoice) await settleJob(tx, deps, { invoiceId: invoice.id, purchaseId: quote.purchaseId, changedBy: user.id, now });
  });
  const [record] = await quoteRecords(deps.db, { quoteIds: [quoteId] });
  return toQuote(record!, now);
}
