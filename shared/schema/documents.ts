// The money after the sale (docs/decisions/051-quotes-and-tax-invoices.md, 052-invoice-numbers-
// and-payments.md): the electrician's business settings, quotes and the customer's signed
// acceptance, invoices numbered per electrician, and the payments recorded against them.
// Every document keeps the seller's details as they were when it was issued.
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, money, updatedAt } from "./columns";
import type { InvoiceStatus, InvoiceTitle, PaymentMethod } from "../invoices";
import type { PaymentSource } from "../stripe-connect";
import type { QuoteDeclineReason } from "../quotes";
import { users } from "./accounts";
import { leadPurchases } from "./marketplace";

/** What quotes and invoices need beyond the account (business name, ABN and address stay on users). */
export const businessSettings = pgTable("business_settings", {
  providerId: integer("provider_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  gstRegistered: boolean("gst_registered").notNull().default(false),
  invoicePrefix: text("invoice_prefix").notNull().default("INV"),
  paymentTermsDays: integer("payment_terms_days").notNull().default(7),
  bankBsb: text("bank_bsb"),
  bankAccount: text("bank_account"),
  /** Whether the public profile is shown (docs/decisions/060-public-profiles.md): on unless the owner opts out. */
  publicProfile: boolean("public_profile").notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * The last quote and invoice number given per electrician (the pipeline owner). An invoice takes
 * its number by incrementing this row inside the transaction that stores it: the row lock makes
 * parallel invoices wait their turn, and a refused one rolls its increment back (no gap).
 */
export const documentCounters = pgTable("document_counters", {
  providerId: integer("provider_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastInvoiceNumber: integer("last_invoice_number").notNull().default(0),
  lastQuoteNumber: integer("last_quote_number").notNull().default(0),
});

/** A stored quote status; `expired` is read from valid_until, never stored. */
export type StoredQuoteStatus = "sent" | "accepted" | "declined" | "superseded";

/** The seller as the document prints them, copied at issue. */
const sellerColumns = () => ({
  sellerName: text("seller_name"),
  sellerAbn: text("seller_abn"),
  sellerAddress: text("seller_address"),
  sellerGstRegistered: boolean("seller_gst_registered").notNull(),
});

export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "cascade" }),
    /** The pipeline owner whose numbering it takes. */
    providerId: integer("provider_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    numberSeq: integer("number_seq").notNull(),
    number: text("number").notNull(),
    status: text("status").$type<StoredQuoteStatus>().notNull().default("sent"),
    ...sellerColumns(),
    subtotal: money("subtotal").notNull(),
    gst: money("gst").notNull(),
    total: money("total").notNull(),
    depositPercent: numeric("deposit_percent", { precision: 5, scale: 2 }),
    depositAmount: money("deposit_amount"),
    /** The deposit asked, in dollars (shared/document-totals.ts depositCents). */
    deposit: money("deposit").notNull().default("0.00"),
    /** The last Sydney day it may be accepted. */
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    notes: text("notes"),
    /** Whether the customer was sent the job link (false for a provider's own job). */
    sentToCustomer: boolean("sent_to_customer").notNull().default(false),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    declineReason: text("decline_reason").$type<QuoteDeclineReason>(),
    declineNote: text("decline_note"),
  },
  (t) => [
    uniqueIndex("quotes_provider_number_idx").on(t.providerId, t.numberSeq),
    index("quotes_purchase_idx").on(t.purchaseId, t.createdAt),
    // At most one open quote per job: a new one supersedes it in the same transaction.
    uniqueIndex("quotes_open_per_purchase_idx")
      .on(t.purchaseId)
      .where(sql`${t.status} = 'sent'`),
  ],
);

/** One line of a document, in order; `amount` is quantity x unit price, rounded half up. */
const lineColumns = () => ({
  position: integer("position").notNull(),
  description: text("description").notNull(),
  quantity: numeric("quantity", { precision: 10, scale: 2 }).notNull(),
  unitPrice: money("unit_price").notNull(),
  gstFree: boolean("gst_free").notNull().default(false),
  amount: money("amount").notNull(),
});

export const quoteLines = pgTable(
  "quote_lines",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    ...lineColumns(),
  },
  (t) => [uniqueIndex("quote_lines_quote_position_idx").on(t.quoteId, t.position)],
);

/**
 * The customer's signed acceptance: the name they typed, when, from where, and the SHA-256 of
 * exactly the terms they accepted (server/features/documents/terms.ts). One per quote, never changed.
 */
export const quoteAcceptances = pgTable("quote_acceptances", {
  quoteId: integer("quote_id")
    .primaryKey()
    .references(() => quotes.id, { onDelete: "cascade" }),
  signatureName: text("signature_name").notNull(),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull(),
  ip: text("ip"),
  userAgent: text("user_agent"),
  termsHash: text("terms_hash").notNull(),
});

export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "cascade" }),
    providerId: integer("provider_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quoteId: integer("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    /** 1, 2, 3... per provider, from document_counters: never reused, void or not. */
    numberSeq: integer("number_seq").notNull(),
    /** "<invoicePrefix>-000001" as printed; the prefix of its day is kept. */
    number: text("number").notNull(),
    title: text("title").$type<InvoiceTitle>().notNull(),
    status: text("status").$type<InvoiceStatus>().notNull().default("issued"),
    ...sellerColumns(),
    buyerName: text("buyer_name"),
    buyerAbn: text("buyer_abn"),
    bankBsb: text("bank_bsb"),
    bankAccount: text("bank_account"),
    subtotal: money("subtotal").notNull(),
    gst: money("gst").notNull(),
    total: money("total").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    notes: text("notes"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidReason: text("void_reason"),
    voidedBy: integer("voided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("invoices_provider_number_idx").on(t.providerId, t.numberSeq),
    index("invoices_purchase_idx").on(t.purchaseId, t.issuedAt),
    // An accepted quote is invoiced once; voiding that invoice frees it for the next.
    uniqueIndex("invoices_quote_live_idx")
      .on(t.quoteId)
      .where(sql`${t.quoteId} is not null and ${t.status} <> 'void'`),
  ],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    ...lineColumns(),
  },
  (t) => [uniqueIndex("invoice_lines_invoice_position_idx").on(t.invoiceId, t.position)],
);

/**
 * Money received against an invoice, or as the deposit of an accepted quote: recorded by the
 * electrician, or paid online and recorded from Stripe's signed event (docs/decisions/056).
 */
export const documentPayments = pgTable(
  "document_payments",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "cascade" }),
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "cascade" }),
    quoteId: integer("quote_id").references(() => quotes.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    method: text("method").$type<PaymentMethod>().notNull(),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
    source: text("source").$type<PaymentSource>().notNull().default("recorded"),
    /** An online payment's PaymentIntent ("pi_...", or "demo_..." in demo mode): one payment per intent, however often its event comes. */
    paymentIntentId: text("payment_intent_id"),
    /** The connected account ("acct_...") the intent was created on: its refunds go there. */
    stripeAccount: text("stripe_account"),
    /** The part that was more than was owing when it arrived (an online payment cannot be refused). */
    overpaid: money("overpaid").notNull().default("0.00"),
    /** The sum of its refunds (payment_refunds), kept beside it: every paid figure counts amount - refunded. */
    refunded: money("refunded").notNull().default("0.00"),
  },
  (t) => [
    uniqueIndex("document_payments_intent_idx").on(t.paymentIntentId),
    index("document_payments_invoice_idx").on(t.invoiceId),
    index("document_payments_quote_idx").on(t.quoteId),
    index("document_payments_purchase_idx").on(t.purchaseId),
  ],
);

export type BusinessSettings = typeof businessSettings.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type QuoteAcceptance = typeof quoteAcceptances.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type DocumentPayment = typeof documentPayments.$inferSelect;

/** Money given back of a payment made online, through Stripe on the electrician's account (docs/decisions/056). */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => documentPayments.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    reason: text("reason").notNull(),
    /** "re_..." (null in demo mode). */
    stripeRefundId: text("stripe_refund_id"),
    refundedBy: integer("refunded_by").references(() => users.id, { onDelete: "set null" }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("payment_refunds_payment_idx").on(t.paymentId)],
);
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

/**
 * The electrician's (pipeline owner's) Stripe Express account, as its last signed
 * `account.updated` event described it (docs/decisions/056-money-online-stripe-connect.md).
 */
export const stripeAccounts = pgTable("stripe_accounts", {
  providerId: integer("provider_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  accountId: text("account_id").notNull().unique(),
  chargesEnabled: boolean("charges_enabled").notNull().default(false),
  payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
  detailsSubmitted: boolean("details_submitted").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type StripeAccountRow = typeof stripeAccounts.$inferSelect;

/** A PaymentIntent made for a deposit or an invoice's balance: reused while open for the same document and amount. */
export const onlinePaymentIntents = pgTable(
  "online_payment_intents",
  {
    id: text("id").primaryKey(),
    stripeAccount: text("stripe_account").notNull(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "cascade" }),
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "cascade" }),
    quoteId: integer("quote_id").references(() => quotes.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    createdAt: createdAt(),
    /**
     * When Stripe said the customer's payment did not go through (payment_intent.payment_failed,
     * or cancelled by Stripe itself), and its words: shown on the job page and the card until a
     * later payment or intent (docs/decisions/093-disputes.md).
     */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    failureMessage: text("failure_message"),
  },
  (t) => [index("online_payment_intents_invoice_idx").on(t.invoiceId), index("online_payment_intents_quote_idx").on(t.quoteId)],
);
