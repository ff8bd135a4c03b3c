// The demo's quotes and invoices (docs/decisions/017, 051): Dave's business is GST-registered;
// one job has a sent quote its customer can accept, another an issued, part-paid tax invoice
// from an accepted quote. Figures come from shared/document-totals.ts, as the app's own. Dave has
// no Stripe account on purpose: without Stripe keys (`npm start`) his customer's "Pay" on the
// invoice is a demo, paid at once (docs/decisions/056-money-online-stripe-connect.md).
import { documentTotals, type DocumentLine } from "../../shared/document-totals";
import { fromCents } from "../../shared/pricing";
import { eq } from "drizzle-orm";
import { seedDemoPaymentDispute } from "./demo-dispute";
import { businessSettings, documentCounters, documentPayments, invoiceLines, invoices, quoteAcceptances, quoteLines, quotes, users } from "../../shared/schema";
import { addDays, sydneyDayKey } from "../../shared/sydney-time";
import type { Db } from "../platform/db/client";

/** Dave's business as his documents print it. */
export const DEMO_SELLER = {
  sellerName: "Sparkright Electrical",
  sellerAbn: "53004085616",
  sellerAddress: "7 George St, Parramatta NSW 2150",
  sellerGstRegistered: true,
};
const BANK = { bankBsb: "062000", bankAccount: "10452231" };

const QUOTED: DocumentLine[] = [
  { description: "New dedicated 20 A circuit from the switchboard to the kitchen bench", quantity: "1", unitPrice: "245.00" },
  { description: "RCBO safety switch for the new circuit", quantity: "1", unitPrice: "95.00" },
];
const INVOICED: DocumentLine[] = [
  { description: "LED downlight, supplied and installed", quantity: "6", unitPrice: "60.00" },
  { description: "Dimmer switch replacing a light switch", quantity: "2", unitPrice: "55.00" },
  { description: "Labour (hours)", quantity: "2.5", unitPrice: "76.00" },
];

function priced(lines: DocumentLine[]) {
  const totals = documentTotals(lines, { gstRegistered: true });
  return {
    figures: { subtotal: fromCents(totals.subtotalCents), gst: fromCents(totals.gstCents), total: fromCents(totals.totalCents) },
    rows: lines.map((l, position) => ({
      ...l,
      quantity: String(l.quantity),
      position,
      gstFree: false,
      amount: fromCents(totals.lines[position]!.amountCents),
    })),
  };
}

export async function seedDemoDocuments(
  tx: Db,
  input: { daveId: number; quotedPurchaseId: number; invoicedPurchaseId: number; customerName: string; now: Date },
) {
  const { daveId, now } = input;
  const today = sydneyDayKey(now);
  await tx.insert(businessSettings).values({ providerId: daveId, gstRegistered: true, invoicePrefix: "SPK", paymentTermsDays: 14, ...BANK });
  await tx.update(users).set({ businessAddress: DEMO_SELLER.sellerAddress }).where(eq(users.id, daveId));

  const sent = priced(QUOTED);
  const [open] = await tx
    .insert(quotes)
    .values({
      purchaseId: input.quotedPurchaseId,
      providerId: daveId,
      numberSeq: 2,
      number: "Q-000002",
      status: "sent",
      ...DEMO_SELLER,
      ...sent.figures,
      validUntil: addDays(today, 30),
      sentToCustomer: true,
      notes: "Includes a compliance certificate.",
      createdBy: daveId,
      createdAt: new Date(now.getTime() - 3 * 3600_000),
    })
    .returning();
  await tx.insert(quoteLines).values(sent.rows.map((r) => ({ ...r, quoteId: open!.id })));

  const billed = priced(INVOICED);
  const acceptedAt = new Date(now.getTime() - 2 * 86_400_000);
  const [accepted] = await tx
    .insert(quotes)
    .values({
      purchaseId: input.invoicedPurchaseId,
      providerId: daveId,
      numberSeq: 1,
      number: "Q-000001",
      status: "accepted",
      ...DEMO_SELLER,
      ...billed.figures,
      validUntil: addDays(today, 20),
      sentToCustomer: true,
      createdBy: daveId,
      createdAt: new Date(acceptedAt.getTime() - 86_400_000),
    })
    .returning();
  await tx.insert(quoteLines).values(billed.rows.map((r) => ({ ...r, quoteId: accepted!.id })));
  await tx.insert(quoteAcceptances).values({
    quoteId: accepted!.id,
    signatureName: input.customerName,
    acceptedAt,
    ip: "203.0.113.7",
    userAgent: "Demo phone browser",
    termsHash: "0".repeat(64),
  });
  const [invoice] = await tx
    .insert(invoices)
    .values({
      purchaseId: input.invoicedPurchaseId,
      providerId: daveId,
      quoteId: accepted!.id,
      numberSeq: 1,
      number: "SPK-000001",
      title: "Tax invoice",
      status: "part_paid",
      ...DEMO_SELLER,
      buyerName: input.customerName,
      ...BANK,
      ...billed.figures,
      issuedAt: new Date(now.getTime() - 86_400_000),
      dueOn: addDays(today, 13),
      createdBy: daveId,
    })
    .returning();
  await tx.insert(invoiceLines).values(billed.rows.map((r) => ({ ...r, invoiceId: invoice!.id })));
  await tx.insert(documentPayments).values({
    purchaseId: input.invoicedPurchaseId,
    invoiceId: invoice!.id,
    amount: "300.00",
    method: "eft",
    recordedBy: daveId,
    recordedAt: new Date(now.getTime() - 3 * 3600_000),
  });
  // And a card payment online that the customer's bank now disputes (docs/decisions/094-dispute-evidence.md).
  await seedDemoPaymentDispute(tx, { purchaseId: input.invoicedPurchaseId, invoiceId: invoice!.id, now });
  await tx.insert(documentCounters).values({ providerId: daveId, lastInvoiceNumber: 1, lastQuoteNumber: 2 });
}
