// The market: purchases, discount codes, Stripe's handled events and the live market's event log.
import { sql } from "drizzle-orm";
import { bigserial, boolean, date, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { money, createdAt, updatedAt } from "./columns";
import { DISCOUNT_TYPES, PAYMENT_STATUSES } from "../enums";
import { type LeadRemovalReason, type MarketChangeType } from "../marketplace";
import { users } from "./accounts";
import { autoBuyOrders } from "./auto-buy";
import { leads } from "./leads";
import { salesStage } from "./columns";

export const paymentStatus = pgEnum("payment_status", PAYMENT_STATUSES);

export const discountType = pgEnum("discount_type", DISCOUNT_TYPES);

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    description: text("description"),
    discountType: discountType("discount_type").notNull(),
    discountValue: money("discount_value"),
    maxUses: integer("max_uses"),
    currentUses: integer("current_uses").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull().defaultNow(),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("discount_codes_code_upper_idx").on(sql`upper(${t.code})`)],
);

export const leadPurchases = pgTable(
  "lead_purchases",
  {
    id: serial("id").primaryKey(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    buyerId: integer("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email"),
    buyerPhone: text("buyer_phone"),
    buyerCompany: text("buyer_company"),
    amountPaid: money("amount_paid").notNull().default("0.00"),
    originalPrice: money("original_price"),
    discountAmount: money("discount_amount").notNull().default("0.00"),
    /**
     * A copy of the purchase's refund row (purchase_refunds), written only by the one refund
     * function in the same transaction (docs/decisions/049); figures read the row.
     */
    refundAmount: money("refund_amount"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    discountCodeId: integer("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    paymentStatus: paymentStatus("payment_status").notNull().default("pending"),
    paymentIntentId: text("payment_intent_id"),
    salesStage: salesStage("sales_stage").notNull().default("purchased"),
    salesNotes: text("sales_notes"),
    customerPaymentAmount: money("customer_payment_amount"),
    quotePrice: money("quote_price"),
    calledAt: timestamp("called_at", { withTimezone: true }),
    quoteSentAt: timestamp("quote_sent_at", { withTimezone: true }),
    quoteAcceptedAt: timestamp("quote_accepted_at", { withTimezone: true }),
    bookedInAt: timestamp("booked_in_at", { withTimezone: true }),
    pickedUpAt: timestamp("picked_up_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    invoicePaidAt: timestamp("invoice_paid_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    safetyCheckPassedAt: timestamp("safety_check_passed_at", { withTimezone: true }),
    finalisedAt: timestamp("finalised_at", { withTimezone: true }),
    isArchived: boolean("is_archived").notNull().default(false),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** Set when the super admin unpurchases: the row stays as history (docs/decisions/018). */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    /** "unpurchased" or "converted_to_lead". */
    releaseReason: text("release_reason"),
    purchasedAt: timestamp("purchased_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    // --- pipeline-work (docs/decisions/031-pipeline-work.md) ---
    /** Optimistic lock: every save bumps it; a save sent with an older one is refused (409). */
    version: integer("version").notNull().default(1),
    /** Who made the last saved change, named in the conflict message. */
    updatedBy: integer("updated_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /** When the booked job starts (an instant; entered and shown on the clock of the lead's state, DESIGN section 11). */
    jobStartsAt: timestamp("job_starts_at", { withTimezone: true }),
    /** When a window the customer picked ends (docs/decisions/102-booking-windows.md); null: a typed time, 2 hours on a calendar. */
    jobEndsAt: timestamp("job_ends_at", { withTimezone: true }),
    /** "Call back Tuesday": a Sydney calendar day, "YYYY-MM-DD". */
    followUpOn: date("follow_up_on", { mode: "string" }),
    /** Why the customer declined: price, timing, no_answer or other (with optional text). */
    declineReason: text("decline_reason"),
    declineNote: text("decline_note"),
    /** The owner's team member who works this job; null is the owner's own. */
    assignedTo: integer("assigned_to").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    // --- end pipeline-work ---
    /** "Customer unreachable" claimed (docs/decisions/049): the 48-hour wait counts from here. */
    unreachableClaimedAt: timestamp("unreachable_claimed_at", { withTimezone: true }),
    /** How the claim ended: the customer answered, said they had spoken, it was refunded, went to the operator, or the sale was released. */
    unreachableOutcome: text("unreachable_outcome").$type<"customer_answered" | "already_spoke" | "refunded" | "operator" | "released">(),
    unreachableSettledAt: timestamp("unreachable_settled_at", { withTimezone: true }),
    /** The standing order that bought this lead (docs/decisions/063): "Auto-bought", and its caps' count. */
    autoBuyOrderId: integer("auto_buy_order_id").references((): AnyPgColumn => autoBuyOrders.id, { onDelete: "set null" }),
  },
  (t) => [
    // The database itself refuses a second live sale of one lead (docs/product.md section 10).
    uniqueIndex("lead_purchases_live_lead_idx")
      .on(t.leadId)
      .where(sql`${t.releasedAt} is null`),
    uniqueIndex("lead_purchases_payment_intent_idx").on(t.paymentIntentId),
    // The 48-hour sweep: open "customer unreachable" claims only.
    index("lead_purchases_unreachable_open_idx")
      .on(t.unreachableClaimedAt)
      .where(sql`${t.unreachableClaimedAt} is not null and ${t.unreachableSettledAt} is null`),
    index("lead_purchases_buyer_stage_idx").on(t.buyerId, t.salesStage),
    // The caps' count: an order's purchases this Sydney week.
    index("lead_purchases_auto_buy_idx")
      .on(t.autoBuyOrderId, t.purchasedAt)
      .where(sql`${t.autoBuyOrderId} is not null`),
    // The evening-before sweep (docs/decisions/049, "Keeping the customer informed"): booked jobs
    // starting in the next day and a half, read every 5 s without walking every purchase.
    index("lead_purchases_job_starts_idx")
      .on(t.jobStartsAt)
      .where(sql`${t.jobStartsAt} is not null and ${t.releasedAt} is null`),
    // Exactly intake's ORDER BY purchased_at DESC, id DESC (server/features/leads/repo.ts): PostgreSQL's
    // DESC is NULLS FIRST and Drizzle's index .desc() is NULLS LAST, which no plan can walk for it.
    index("lead_purchases_paid_recent_idx")
      .on(t.purchasedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.paymentStatus} = 'completed'`),
  ],
);

export type LeadPurchase = typeof leadPurchases.$inferSelect;

export type DiscountCode = typeof discountCodes.$inferSelect;

/** Stripe webhook events already handled: a replayed event id is acknowledged and ignored. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The live market's recent changes (docs/product.md section 12): written in the transaction that
 * puts a lead on sale or takes it off, announced by id, kept a few minutes so a stream that
 * reconnects to any instance replays what it missed (docs/decisions/024-live-market.md).
 */
export const marketEvents = pgTable(
  "market_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type").$type<MarketChangeType>().notNull(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    reason: text("reason").$type<LeadRemovalReason>(),
    createdAt: createdAt(),
  },
  (t) => [index("market_events_created_idx").on(t.createdAt)],
);
