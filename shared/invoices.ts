// Invoices and recorded payments on the wire (docs/decisions/051-quotes-and-tax-invoices.md,
// 052-invoice-numbers-and-payments.md), the job's documents on its card, and the money columns
// Purchase History and the CSV gain.
import { z } from "zod";
import { documentItemSchema, documentLinesInput, documentMoney, documentNotes, documentSellerSchema } from "./document-lines";
import { MAX_PAYMENT_TERMS_DAYS } from "./business";
import { recordId } from "./ids";
import { PAYMENT_METHODS, paymentSchema } from "./document-payments";
import { QUOTE_STATUSES, quoteSchema } from "./quotes";
import { DOCUMENT_ACTIONS, eftDetailsSchema, paymentFailedSchema } from "./stripe-connect";

export const INVOICE_STATUSES = ["issued", "part_paid", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { issued: "Issued", part_paid: "Part paid", paid: "Paid", void: "Void" };

/** The ATO's words: a GST-registered seller issues a "Tax invoice", anyone else an "Invoice". */
export const INVOICE_TITLES = ["Tax invoice", "Invoice"] as const;
export type InvoiceTitle = (typeof INVOICE_TITLES)[number];
export const invoiceTitleFor = (seller: { gstRegistered: boolean }): InvoiceTitle => (seller.gstRegistered ? "Tax invoice" : "Invoice");

/** At this total or more (incl. GST) a tax invoice also shows the buyer's identity or ABN (ATO). */
export const BUYER_IDENTITY_FROM_CENTS = 100_000;
/** The ATO's words where the GST is exactly one eleventh of the total. */
export const TOTAL_INCLUDES_GST = "Total price includes GST" as const;

export { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type Payment, type PaymentMethod } from "./document-payments";

export const INVOICE_MESSAGES = {
  linesOrQuote: "Invoice the accepted quote, or give the lines: one of them",
  quoteNotAccepted: "Only an accepted quote can be invoiced",
  quoteInvoiced: "This quote already has an invoice: void it first to issue a new one",
  dueDays: `Enter a whole number of days from 0 to ${MAX_PAYMENT_TERMS_DAYS}`,
  buyerName: "Keep the customer's name to 120 characters",
  buyerAbn: "This is not a valid ABN: please check the digits",
  buyerNeeded: "A tax invoice of $1,000 or more names the customer: enter their name or ABN",
  notFound: "Invoice not found",
  voidReason: "Say why the invoice is void",
  voidReasonTooLong: "Keep the reason to 300 characters",
  alreadyVoid: "This invoice is already void",
  voidHasPayments: "Payments are recorded on this invoice: it cannot be voided",
  paymentMethod: "Choose how you were paid",
  paymentZero: "Enter an amount above 0",
  overpayment: (balance: string) => `That is more than the $${balance} still owing`,
  notPayable: "This invoice is void: it takes no payment",
  alreadyPaid: "This invoice is paid in full",
  depositNotDue: "Only an accepted quote takes a deposit",
  depositOverTotal: (owing: string) => `That is more than the $${owing} still owing on the quote`,
} as const;

const optionalAbn = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/\s+/g, "") || null : v),
  z
    .string()
    .regex(/^\d{11}$/, INVOICE_MESSAGES.buyerAbn)
    .nullish(),
);

/** POST /api/lead-purchases/:id/invoices: from the accepted quote (`quoteId`) or from `items`. */
export const invoiceCreateRequest = z
  .object({
    quoteId: recordId.nullish(),
    items: documentLinesInput.optional(),
    /** Days from the issue day to the due day; the business's payment terms when left out. */
    dueDays: z
      .number({ error: INVOICE_MESSAGES.dueDays })
      .int(INVOICE_MESSAGES.dueDays)
      .min(0, INVOICE_MESSAGES.dueDays)
      .max(MAX_PAYMENT_TERMS_DAYS, INVOICE_MESSAGES.dueDays)
      .nullish(),
    notes: documentNotes,
    /** The buyer as printed; the job's customer name when left out. */
    buyerName: z.string().trim().max(120, INVOICE_MESSAGES.buyerName).nullish(),
    /** A business customer's ABN (checksum checked by the server). */
    buyerAbn: optionalAbn,
  })
  .refine((r) => (r.quoteId == null) !== (r.items == null), { message: INVOICE_MESSAGES.linesOrQuote, path: ["items"] });
export type InvoiceCreateRequest = z.input<typeof invoiceCreateRequest>;

export const invoiceVoidRequest = z.object({
  reason: z.string({ error: INVOICE_MESSAGES.voidReason }).trim().min(1, INVOICE_MESSAGES.voidReason).max(300, INVOICE_MESSAGES.voidReasonTooLong),
});
export type InvoiceVoidRequest = z.input<typeof invoiceVoidRequest>;

/** POST /api/invoices/:id/payments, and a deposit on an accepted quote: POST /api/quotes/:id/payments. */
export const paymentRequest = z.object({
  amount: documentMoney.refine((v) => v !== "0.00", INVOICE_MESSAGES.paymentZero),
  method: z.enum(PAYMENT_METHODS, { error: INVOICE_MESSAGES.paymentMethod }),
});
export type PaymentRequest = z.input<typeof paymentRequest>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  /** `<invoicePrefix>-000001` upwards per electrician: kept for ever, void or not. */
  number: z.string(),
  title: z.enum(INVOICE_TITLES),
  status: z.enum(INVOICE_STATUSES),
  issuedAt: z.string(),
  /** "YYYY-MM-DD", the day payment is due (Sydney). */
  dueAt: z.string(),
  items: z.array(documentItemSchema),
  subtotal: z.string(),
  gst: z.string(),
  total: z.string(),
  gstIsOneEleventh: z.boolean(),
  /** What the customer had paid as the quote's deposit when this invoice is read. */
  depositPaid: z.string(),
  /** Payments on this invoice, less their refunds. */
  paid: z.string(),
  /** total - depositPaid - paid, never below 0. */
  balanceDue: z.string(),
  quoteId: z.number().int().nullable(),
  seller: documentSellerSchema,
  /** Shown when set; a tax invoice of $1,000 or more always has one (the customer's name, or their ABN). */
  buyer: z.object({ name: z.string().nullable(), abn: z.string().nullable() }),
  bank: z.object({ bsb: z.string(), account: z.string() }).nullable(),
  notes: z.string().nullable(),
  payments: z.array(paymentSchema),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** GET: the electrician's PDF of it. */
  pdfUrl: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * The job page's invoice: the same, its `pdfUrl` the customer's and its text redacted as the
 * page; `actions` holds `pay` while it is issued or part paid with a balance and the electrician
 * takes online payments (or the server is in demo mode); otherwise `eft` says how to transfer the
 * balance (null when nothing is owing or the business gave no bank details). docs/decisions/056.
 */
export const jobInvoiceSchema = invoiceSchema.extend({
  actions: z.array(z.enum(DOCUMENT_ACTIONS)),
  eft: eftDetailsSchema.nullable(),
  /** Its last online payment did not go through (docs/decisions/093-disputes.md). */
  paymentFailed: paymentFailedSchema,
});
export type JobInvoice = z.infer<typeof jobInvoiceSchema>;

/** GET /api/lead-purchases/:id/documents: every quote (newest first) and invoice of the job. */
export const jobDocumentsSchema = z.object({ quotes: z.array(quoteSchema), invoices: z.array(invoiceSchema) });
export type JobDocuments = z.infer<typeof jobDocumentsSchema>;

/**
 * The card's line about the job's documents (in each row of GET /api/my-purchased-leads, as
 * `documents`): the latest quote and the latest invoice not void, and the job's figures.
 */
export const documentSummarySchema = z.object({
  quote: z.object({ id: z.number().int(), number: z.string(), status: z.enum(QUOTE_STATUSES), total: z.string(), validUntil: z.string() }).nullable(),
  invoice: z
    .object({ id: z.number().int(), number: z.string(), status: z.enum(INVOICE_STATUSES), total: z.string(), balanceDue: z.string(), dueAt: z.string() })
    .nullable(),
  /** The figures Purchase History and the CSV show: null when the job has no such document. */
  quoted: z.string().nullable(),
  invoiced: z.string().nullable(),
  paid: z.string().nullable(),
  /** The customer's last online payment of a document still owing did not go through (docs/decisions/093-disputes.md). */
  paymentFailed: paymentFailedSchema,
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

export const invoiceIdParam = z.object({ id: recordId });
export const jobInvoiceParams = z.object({ token: z.string().max(200), id: recordId });
