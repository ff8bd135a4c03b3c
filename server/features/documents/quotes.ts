// Quotes (docs/decisions/051-quotes-and-tax-invoices.md): the electrician sends one from the job's
// card; sending replaces the open one, moves the job to Quote Sent and texts the customer their
// job link. A provider's own job has no job page: its quote is kept for the electrician's
// records and nobody is texted.
import type { z } from "zod";
import type { CurrentUser } from "../../../shared/auth";
import { depositCents, documentTotals, fitsStoredMoney } from "../../../shared/document-totals";
import { DOCUMENT_MESSAGES } from "../../../shared/document-lines";
import { fromCents, toCents } from "../../../shared/pricing";
import { DEFAULT_QUOTE_VALID_DAYS, MAX_QUOTE_VALID_DAYS, QUOTE_MESSAGES, type Quote, type quoteCreateRequest } from "../../../shared/quotes";
import { addDays, sydneyDayKey } from "../../../shared/sydney-time";
import { AppError, conflict } from "../../platform/http/errors";
import { createJobLink } from "../../core/job-links";
import { customerMobile, enqueueQuoteSent } from "../../core/messages";
import { businessOf, sellerOf } from "./business";
import type { DocumentDeps } from "./deps";
import { lockedJob } from "./locks";
import { insertQuote, quoteRecords, supersedeOpenQuote, takeNumber } from "./quotes-repo";
import type { NewLine } from "./records";
import { documentNumber, QUOTE_PREFIX, toQuote } from "./view";

type Lines = z.output<typeof quoteCreateRequest>["items"];

/** The lines with their amounts and the totals, by shared/document-totals.ts; 400 past what numeric(10,2) holds. */
export function priceLines(items: Lines, seller: { gstRegistered: boolean }) {
  const totals = documentTotals(items, seller);
  if (!fitsStoredMoney(totals)) throw new AppError(400, DOCUMENT_MESSAGES.tooLarge, { items: DOCUMENT_MESSAGES.tooLarge });
  const lines: NewLine[] = items.map((item, position) => ({
    position,
    description: item.description,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    gstFree: seller.gstRegistered ? item.gstFree : false,
    amount: fromCents(totals.lines[position]!.amountCents),
  }));
  return { totals, lines };
}

function checkValidUntil(validUntil: string | null | undefined, today: string): string {
  const day = validUntil ?? addDays(today, DEFAULT_QUOTE_VALID_DAYS);
  if (day < today) throw new AppError(400, QUOTE_MESSAGES.validUntilPast, { validUntil: QUOTE_MESSAGES.validUntilPast });
  if (day > addDays(today, MAX_QUOTE_VALID_DAYS)) throw new AppError(400, QUOTE_MESSAGES.validUntilTooFar, { validUntil: QUOTE_MESSAGES.validUntilTooFar });
  return day;
}

export async function sendQuote(deps: DocumentDeps, user: CurrentUser, purchaseId: number, input: z.output<typeof quoteCreateRequest>): Promise<Quote> {
  const now = deps.now();
  let texted = false;
  const quoteId = await deps.db.transaction(async (tx) => {
    const { purchase, lead } = await lockedJob(tx, user, purchaseId);
    if (purchase.salesStage === "invoice_paid") throw conflict(QUOTE_MESSAGES.jobPaid);
    const business = await businessOf(tx, purchase.buyerId);
    const { totals, lines } = priceLines(input.items, business);
    if (input.depositAmount != null && toCents(input.depositAmount) > totals.totalCents) {
      const message = `The deposit is at most the quote's total of $${fromCents(totals.totalCents)}`;
      throw new AppError(400, message, { depositAmount: message });
    }
    const validUntil = checkValidUntil(input.validUntil, sydneyDayKey(now));
    await supersedeOpenQuote(tx, purchase.id, now);
    const seq = await takeNumber(tx, purchase.buyerId, "quote");
    const seller = sellerOf(business);
    const quote = await insertQuote(
      tx,
      {
        purchaseId: purchase.id,
        providerId: purchase.buyerId,
        numberSeq: seq,
        number: documentNumber(QUOTE_PREFIX, seq),
        sellerName: seller.businessName,
        sellerAbn: seller.abn,
        sellerAddress: seller.address,
        sellerGstRegistered: seller.gstRegistered,
        subtotal: fromCents(totals.subtotalCents),
        gst: fromCents(totals.gstCents),
        total: fromCents(totals.totalCents),
        depositPercent: input.depositPercent == null ? null : String(input.depositPercent),
        depositAmount: input.depositAmount ?? null,
        deposit: fromCents(depositCents(totals.totalCents, input)),
        validUntil,
        notes: input.notes ?? null,
        // A market job's customer with a mobile is texted the link below; an own job has no job page (docs/product.md section 14, docs/decisions/051).
        sentToCustomer: lead.source !== "provider_manual" && customerMobile(lead) !== null,
        createdBy: user.id,
        createdAt: now,
      },
      lines,
    );
    if (quote.sentToCustomer) {
      texted = await enqueueQuoteSent(tx, deps.settings, {
        quoteId: quote.id,
        lead,
        businessName: seller.businessName,
        total: quote.total,
        now,
        jobLink: () => createJobLink(tx, lead.id, now),
      });
    }
    await deps.moveStage(tx, purchase.id, { to: "quote_sent", changedBy: user.id, now });
    return quote.id;
  });
  if (texted) deps.wake();
  const [record] = await quoteRecords(deps.db, { quoteIds: [quoteId] });
  return toQuote(record!, now);
}
