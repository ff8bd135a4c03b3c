// The platform's tax invoices for the leads it sells, their adjustment notes and the monthly
// statement (docs/decisions/053-tax-documents-pdf.md): numbers, which purchases have one, the
// statement's month and answer. Shared: the server prints them, Purchase History links to them.
import { z } from "zod";
import { toCents } from "./pricing";

/** "AEL-000123": derived from the purchase's id, so it is stable, unique and never needs storing. */
export const leadInvoiceNumber = (purchaseId: number) => `AEL-${String(purchaseId).padStart(6, "0")}`;
/** "AEL-000123-ADJ": a purchase has at most one refund (docs/decisions/049), so at most one note. */
export const adjustmentNoteNumber = (purchaseId: number) => `${leadInvoiceNumber(purchaseId)}-ADJ`;

/**
 * A purchase has a tax invoice when money changed hands: the payment completed (or was later
 * refunded) and the price paid is more than $0. A free claim, an own job and a payment still
 * pending have none.
 */
export const hasTaxInvoice = (purchase: { amountPaid: string; paymentStatus: string }) =>
  (purchase.paymentStatus === "completed" || purchase.paymentStatus === "refunded") && toCents(purchase.amountPaid) > 0;

export const taxInvoicePath = (purchaseId: number) => `/api/lead-purchases/${purchaseId}/tax-invoice`;
export const adjustmentNotePath = (purchaseId: number) => `/api/lead-purchases/${purchaseId}/adjustment-note`;
export const statementPath = (month: string) => `/api/lead-purchases/statement?month=${month}`;

export const LEAD_INVOICE_MESSAGES = {
  notFound: "Purchase not found",
  free: "This lead was claimed for $0, so there is no tax invoice for it: nothing was charged.",
  notPaid: "The payment for this lead has not completed, so it has no tax invoice yet.",
  noRefund: "This purchase has not been refunded, so it has no adjustment note.",
  month: "Choose a month as YYYY-MM, like 2026-11",
} as const;

export const statementQuery = z.object({
  month: z.string({ error: LEAD_INVOICE_MESSAGES.month }).regex(/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/, LEAD_INVOICE_MESSAGES.month),
  /** The PDF by default; `json` for the same figures as data. */
  format: z.enum(["pdf", "json"]).default("pdf"),
});

const money = z.string().describe("Dollars, 2 decimals");

export const statementEntry = z.object({
  kind: z.enum(["purchase", "refund"]),
  purchaseId: z.number().int(),
  /** The tax invoice's or adjustment note's number. */
  document: z.string(),
  at: z.string().describe("ISO instant of the purchase or the refund"),
  description: z.string(),
  /** GST-inclusive; negative for a refund. */
  amount: money,
  /** The GST inside the amount (one eleventh, half up); negative for a refund. */
  gst: money,
});

export const statementResponse = z.object({
  month: z.string(),
  entries: z.array(statementEntry),
  totals: z.object({
    purchaseCount: z.number().int(),
    purchases: money,
    purchasesGst: money,
    refundCount: z.number().int(),
    refunds: money,
    refundsGst: money,
    /** Purchases less refunds. */
    net: money,
    netGst: money,
  }),
});
export type LeadStatement = z.infer<typeof statementResponse>;
