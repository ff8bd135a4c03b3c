// Invoices (docs/decisions/051-quotes-and-tax-invoices.md, 052-invoice-numbers-and-payments.md):
// issued from the job's accepted quote or from lines, numbered per electrician with no gap, never
// deleted or renumbered; a mistake is voided (its number stays) and a new one issued.
import type { z } from "zod";
import type { CurrentUser } from "../../../shared/auth";
import {
  BUYER_IDENTITY_FROM_CENTS,
  INVOICE_MESSAGES,
  invoiceTitleFor,
  type Invoice,
  type invoiceCreateRequest,
  type invoiceVoidRequest,
} from "../../../shared/invoices";
import { fromCents } from "../../../shared/pricing";
import { QUOTE_MESSAGES } from "../../../shared/quotes";
import { addDays, sydneyDayKey } from "../../../shared/sydney-time";
import { isValidAbn } from "../../../shared/vetting";
import type { Db } from "../../platform/db/client";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import { businessOf, sellerOf } from "./business";
import type { DocumentDeps } from "./deps";
import { insertInvoice, linesOfQuote, liveInvoiceOfQuote, paidOn, voidInvoice } from "./invoices-repo";
import { lockedJob, lockInvoicedJob, readInvoices } from "./locks";
import { settleJob } from "./payments";
import { priceLines } from "./quotes";
import { lockQuote, takeNumber } from "./quotes-repo";
import { documentNumber, money } from "./view";

type InvoiceInput = z.output<typeof invoiceCreateRequest>;

/** The lines an invoice takes: the accepted quote's, exactly as accepted, or the ones given. */
async function invoiceLines(tx: Db, purchaseId: number, input: InvoiceInput) {
  if (input.quoteId == null) return { quoteId: null, items: input.items! };
  const quote = await lockQuote(tx, input.quoteId);
  if (!quote || quote.purchaseId !== purchaseId) throw notFound(QUOTE_MESSAGES.notFound);
  if (quote.status !== "accepted") throw conflict(INVOICE_MESSAGES.quoteNotAccepted);
  if (await liveInvoiceOfQuote(tx, quote.id)) throw conflict(INVOICE_MESSAGES.quoteInvoiced);
  const lines = await linesOfQuote(tx, quote.id);
  return {
    quoteId: quote.id,
    items: lines.map((l) => ({ description: l.description, quantity: String(Number(l.quantity)), unitPrice: money(l.unitPrice), gstFree: l.gstFree })),
  };
}

export async function issueInvoice(deps: DocumentDeps, user: CurrentUser, purchaseId: number, input: InvoiceInput): Promise<Invoice> {
  const now = deps.now();
  if (input.buyerAbn && !isValidAbn(input.buyerAbn)) throw new AppError(400, INVOICE_MESSAGES.buyerAbn, { buyerAbn: INVOICE_MESSAGES.buyerAbn });
  const invoiceId = await deps.db.transaction(async (tx) => {
    const { purchase, lead } = await lockedJob(tx, user, purchaseId);
    const business = await businessOf(tx, purchase.buyerId);
    const { quoteId, items } = await invoiceLines(tx, purchase.id, input);
    const { totals, lines } = priceLines(items, business);
    const seller = sellerOf(business);
    const buyerName = input.buyerName || lead.customerName;
    // The ATO: a tax invoice of $1,000 or more names the buyer (docs/decisions/051).
    if (seller.gstRegistered && totals.totalCents >= BUYER_IDENTITY_FROM_CENTS && !buyerName.trim() && !input.buyerAbn) {
      throw new AppError(400, INVOICE_MESSAGES.buyerNeeded, { buyerName: INVOICE_MESSAGES.buyerNeeded });
    }
    // Every check is behind us: the number is taken last, in this transaction (docs/decisions/052).
    const seq = await takeNumber(tx, purchase.buyerId, "invoice");
    const invoice = await insertInvoice(
      tx,
      {
        purchaseId: purchase.id,
        providerId: purchase.buyerId,
        quoteId,
        numberSeq: seq,
        number: documentNumber(business.invoicePrefix, seq),
        title: invoiceTitleFor(seller),
        sellerName: seller.businessName,
        sellerAbn: seller.abn,
        sellerAddress: seller.address,
        sellerGstRegistered: seller.gstRegistered,
        buyerName,
        buyerAbn: input.buyerAbn ?? null,
        bankBsb: business.bankBsb,
        bankAccount: business.bankAccount,
        subtotal: fromCents(totals.subtotalCents),
        gst: fromCents(totals.gstCents),
        total: fromCents(totals.totalCents),
        issuedAt: now,
        dueOn: addDays(sydneyDayKey(now), input.dueDays ?? business.paymentTermsDays),
        notes: input.notes ?? null,
        createdBy: user.id,
      },
      lines,
    );
    // A deposit already paid may cover it all.
    await settleJob(tx, deps, { invoiceId: invoice.id, purchaseId: purchase.id, changedBy: user.id, now });
    return invoice.id;
  });
  const [invoice] = await readInvoices(deps.db, [invoiceId]);
  return invoice!;
}

export async function voidIssuedInvoice(
  deps: DocumentDeps,
  user: CurrentUser,
  invoiceId: number,
  input: z.output<typeof invoiceVoidRequest>,
): Promise<Invoice> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { invoice } = await lockInvoicedJob(tx, user, invoiceId);
    if (invoice.status === "void") throw conflict(INVOICE_MESSAGES.alreadyVoid);
    // Money recorded against it would vanish with it: a payment is never silently dropped (docs/decisions/052).
    if (money(await paidOn(tx, { invoiceId: invoice.id })) !== "0.00") throw conflict(INVOICE_MESSAGES.voidHasPayments);
    await voidInvoice(tx, invoice.id, { voidReason: input.reason, voidedAt: now, voidedBy: user.id });
  });
  const [invoice] = await readInvoices(deps.db, [invoiceId]);
  return invoice!;
}
