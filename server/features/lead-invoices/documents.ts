// What the platform's documents for a lead purchase say (docs/decisions/053-tax-documents-pdf.md):
// the tax invoice, the adjustment note of its refund and the month's statement, as
// PrintableDocuments. Pure: the service finds the rows, server/core/printing prints.
//
// ATO (a tax invoice of $1,000 or less needs the seller's identity and ABN, the date, a
// description of each item with its quantity and price, the GST, or "Total price includes GST"
// where the GST is exactly one eleventh; over $82.50 ex-GST the buyer may ask for one, so every
// paid purchase gets one, and it names the buyer too). An adjustment note names the original
// invoice, the amount of the adjustment and the GST in it.
import { gstIncludedInCents, gstIsOneEleventhOfTotal } from "../../../shared/gst";
import { labelOf } from "../../../shared/labels";
import { adjustmentNoteNumber, leadInvoiceNumber, type LeadStatement } from "../../../shared/lead-invoices";
import { fromCents, toCents } from "../../../shared/pricing";
import { REFUND_REASON_LABELS } from "../../../shared/refunds";
import { formatSydneyDate } from "../../../shared/sydney-time";
import { formatAbn } from "../../../shared/vetting";
import type { GstWording, PrintableDocument, PrintableParty } from "../../core/printing";
import type { InvoiceablePurchase } from "./repo";

export interface Seller {
  name: string;
  abn: string;
}

/** Dollars with a sign: fromCents is for amounts that cannot be negative. */
const signed = (cents: number) => (cents < 0 ? `-${fromCents(-cents)}` : fromCents(cents));

/** "Lead AE-1234567E: Upgrade, Parramatta NSW": what the buyer already has, nothing more of the customer. */
export function leadDescription(p: Pick<InvoiceablePurchase, "jobReference" | "serviceType" | "suburb" | "state">) {
  const place = [p.suburb, p.state].filter(Boolean).join(" ");
  return `Lead ${p.jobReference}: ${labelOf("serviceType", p.serviceType)}${place ? `, ${place}` : ""}`;
}

/** The buyer as their business details say it (docs/product.md, the business name, ABN and address of the account); the name typed at purchase otherwise. */
const buyerOf = (p: InvoiceablePurchase): PrintableParty => ({
  name: p.businessName?.trim() || p.buyerCompany?.trim() || p.buyerName,
  abn: p.businessAbn,
  address: p.businessAddress,
});

/** The wording of a GST-inclusive total: the ATO's sentence when the GST is exactly one eleventh, else the amount. */
function inclusiveGst(totalCents: number): { gstCents: number; wording: GstWording } {
  const gstCents = gstIncludedInCents(totalCents);
  return { gstCents, wording: gstIsOneEleventhOfTotal({ gstCents, totalCents }) ? "Total price includes GST" : "GST included" };
}

const footerOf = (seller: Seller, contact: string) => `${seller.name} · ABN ${formatAbn(seller.abn)} · ${contact}`;

/** The refund of a purchase: its row, or the copy on a purchase refunded before refunds had rows. */
export function refundOf(p: InvoiceablePurchase): { amountCents: number; at: Date; reason: string | null } | null {
  if (p.refund) return { amountCents: toCents(p.refund.amount), at: p.refund.at, reason: REFUND_REASON_LABELS[p.refund.reason] };
  if (p.paymentStatus !== "refunded") return null;
  return { amountCents: toCents(p.refundAmount ?? p.amountPaid), at: p.refundedAt ?? p.updatedAt, reason: null };
}

export function taxInvoice(p: InvoiceablePurchase, seller: Seller, contact: string): PrintableDocument {
  const paidCents = toCents(p.amountPaid);
  const discountCents = toCents(p.discountAmount);
  // The price before the discount is the price paid plus the discount the sale recorded, so the
  // lines always add up to what was paid (original_price is the auction's price at that moment,
  // which a row made by hand need not agree with).
  const listCents = paidCents + discountCents;
  const lines: PrintableDocument["lines"] = [{ description: leadDescription(p), quantity: "1", unitPrice: fromCents(listCents), amount: fromCents(listCents) }];
  if (discountCents > 0) lines.push({ description: p.discountCode ? `Discount (code ${p.discountCode})` : "Discount", amount: signed(-discountCents) });
  const { gstCents, wording } = inclusiveGst(paidCents);
  return {
    title: "Tax invoice",
    number: leadInvoiceNumber(p.id),
    issuedAt: p.purchasedAt,
    seller,
    buyer: buyerOf(p),
    lines,
    totals: {
      subtotal: fromCents(paidCents),
      gst: fromCents(gstCents),
      total: fromCents(paidCents),
      gstWording: wording,
      extra: [{ label: "Paid", amount: fromCents(paidCents) }],
    },
    notes: `Lead fee for an exclusive lead bought on ${formatSydneyDate(p.purchasedAt)}. Paid in full: nothing is owing.`,
    footer: footerOf(seller, contact),
  };
}

export function adjustmentNote(p: InvoiceablePurchase, seller: Seller, contact: string): PrintableDocument | null {
  const refund = refundOf(p);
  if (!refund) return null;
  const { gstCents, wording } = inclusiveGst(refund.amountCents);
  const reason = refund.reason ? ` (${refund.reason.toLowerCase()})` : "";
  return {
    title: "Adjustment note",
    number: adjustmentNoteNumber(p.id),
    issuedAt: refund.at,
    references: [
      { label: "Original invoice", value: leadInvoiceNumber(p.id) },
      { label: "Invoice date", value: formatSydneyDate(p.purchasedAt) },
    ],
    seller,
    buyer: buyerOf(p),
    lines: [
      {
        description: `Refund of the lead fee${reason}: ${leadDescription(p)}`,
        quantity: "1",
        unitPrice: fromCents(refund.amountCents),
        amount: fromCents(refund.amountCents),
      },
    ],
    totals: {
      subtotal: fromCents(refund.amountCents),
      gst: fromCents(gstCents),
      total: fromCents(refund.amountCents),
      gstWording: wording,
      totalLabel: "Decrease in price",
    },
    notes:
      `This adjustment note decreases the price on tax invoice ${leadInvoiceNumber(p.id)} of ${formatSydneyDate(p.purchasedAt)} ` +
      `by $${fromCents(refund.amountCents)}, which includes GST of $${fromCents(gstCents)}.`,
    footer: footerOf(seller, contact),
  };
}

/** The month's purchases and refunds, each with the GST its own document shows, and their sums (whole cents). */
export function statementOf(month: string, purchases: InvoiceablePurchase[], refunded: InvoiceablePurchase[]): LeadStatement {
  const entries: (LeadStatement["entries"][number] & { cents: number; gstCents: number })[] = [];
  for (const p of purchases) {
    const cents = toCents(p.amountPaid);
    const gstCents = gstIncludedInCents(cents);
    entries.push({
      kind: "purchase",
      purchaseId: p.id,
      document: leadInvoiceNumber(p.id),
      at: p.purchasedAt.toISOString(),
      description: leadDescription(p),
      amount: fromCents(cents),
      gst: fromCents(gstCents),
      cents,
      gstCents,
    });
  }
  for (const p of refunded) {
    const refund = refundOf(p)!;
    const gstCents = gstIncludedInCents(refund.amountCents);
    entries.push({
      kind: "refund",
      purchaseId: p.id,
      document: adjustmentNoteNumber(p.id),
      at: refund.at.toISOString(),
      description: `Refund: ${leadDescription(p)}`,
      amount: signed(-refund.amountCents),
      gst: signed(-gstCents),
      cents: -refund.amountCents,
      gstCents: -gstCents,
    });
  }
  entries.sort((a, b) => a.at.localeCompare(b.at) || a.purchaseId - b.purchaseId);
  const sum = (kind: "purchase" | "refund", pick: (e: (typeof entries)[number]) => number) =>
    entries.filter((e) => e.kind === kind).reduce((total, e) => total + pick(e), 0);
  const purchasesCents = sum("purchase", (e) => e.cents);
  const purchasesGst = sum("purchase", (e) => e.gstCents);
  const refundsCents = -sum("refund", (e) => e.cents);
  const refundsGst = -sum("refund", (e) => e.gstCents);
  return {
    month,
    entries: entries.map(({ cents: _c, gstCents: _g, ...entry }) => entry),
    totals: {
      purchaseCount: purchases.length,
      purchases: fromCents(purchasesCents),
      purchasesGst: fromCents(purchasesGst),
      refundCount: refunded.length,
      refunds: fromCents(refundsCents),
      refundsGst: fromCents(refundsGst),
      net: signed(purchasesCents - refundsCents),
      netGst: signed(purchasesGst - refundsGst),
    },
  };
}

export interface StatementHeading {
  seller: Seller;
  buyer: PrintableParty;
  contact: string;
  issuedAt: Date;
  ownerId: number;
  /** "1 Nov 2026 – 30 Nov 2026": the Sydney calendar month. */
  period: string;
}

export function statementDocument(statement: LeadStatement, { seller, buyer, contact, issuedAt, ownerId, period }: StatementHeading): PrintableDocument {
  const t = statement.totals;
  return {
    title: "Statement",
    number: `AES-${String(ownerId).padStart(6, "0")}-${statement.month.replace("-", "")}`,
    issuedAt,
    references: [{ label: "Period", value: period }],
    seller,
    buyer,
    lines: statement.entries.map((e) => ({ description: `${formatSydneyDate(e.at)} · ${e.document} · ${e.description}`, gst: e.gst, amount: e.amount })),
    totals: {
      subtotal: t.net,
      gst: t.netGst,
      total: t.net,
      gstWording: "none",
      totalLabel: "Net lead fees",
      extra: [
        { label: `Purchases (${t.purchaseCount})`, amount: t.purchases },
        { label: "GST in purchases", amount: t.purchasesGst },
        { label: `Refunds (${t.refundCount})`, amount: t.refunds === "0.00" ? "0.00" : `-${t.refunds}` },
        { label: "GST in refunds", amount: t.refundsGst === "0.00" ? "0.00" : `-${t.refundsGst}` },
        { label: "Net GST", amount: t.netGst },
      ],
    },
    notes:
      statement.entries.length === 0
        ? "No lead purchases or refunds this month."
        : "This statement is not a tax invoice. Each purchase's tax invoice and each refund's adjustment note is in Purchase History, under the number shown.",
    footer: footerOf(seller, contact),
  };
}
