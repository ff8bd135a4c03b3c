// After the sale, when something goes wrong (docs/decisions/049-missed-promises-and-refunds.md):
// the one refund row per purchase, the operator's review queue, the buyers a relisted lead is
// hidden from, and the electricians' private calendar feeds.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, money } from "./columns";
import { users } from "./accounts";
import { leads } from "./leads";
import { leadPurchases } from "./marketplace";

/** `stripe`: a refund made in Stripe itself (its dashboard), recorded from its charge.refunded event. */
export type RefundReason = "bad_lead" | "unreachable" | "stripe";

/**
 * Every refund of a lead purchase, one row at most per purchase (the unique index), written by
 * the one refund function before any money moves: a second refund of a purchase cannot begin.
 */
export const purchaseRefunds = pgTable(
  "purchase_refunds",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "cascade" }),
    reason: text("reason").$type<RefundReason>().notNull(),
    amount: money("amount").notNull(),
    /** "stripe:<payment intent>" or "credit:<refund id>". */
    reference: text("reference"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("purchase_refunds_purchase_idx").on(t.purchaseId), index("purchase_refunds_created_idx").on(t.createdAt)],
);

export type OperatorReviewKind = "not_contacted" | "wrong_number_verified" | "unreachable_over_limit" | "unreachable_not_asked" | "unreachable_disputed";
export type OperatorReviewStatus = "open" | "upheld" | "dismissed";

/** A case the rules leave to the operator, with both sides' records as they stood. */
export const operatorReviews = pgTable(
  "operator_reviews",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "cascade" }),
    kind: text("kind").$type<OperatorReviewKind>().notNull(),
    status: text("status").$type<OperatorReviewStatus>().notNull().default("open"),
    /** What each side had logged when the case was opened. */
    evidence: jsonb("evidence").$type<Record<string, unknown>>().notNull(),
    note: text("note"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One open case of a kind per purchase: a second tap adds nothing.
    uniqueIndex("operator_reviews_open_idx")
      .on(t.purchaseId, t.kind)
      .where(sql`${t.status} = 'open'`),
    index("operator_reviews_status_created_idx").on(t.status, t.createdAt),
  ],
);

/** A lead relisted after its buyer missed the promise is never shown, streamed, alerted or sold to them again. */
export const leadExclusions = pgTable(
  "lead_exclusions",
  {
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").$type<"missed_promise">().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.userId] }), index("lead_exclusions_user_idx").on(t.userId)],
);

/** An electrician's private calendar feed (webcal): the token is kept only as its SHA-256; revoked feeds answer 404. */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("calendar_feeds_token_idx").on(t.tokenHash), index("calendar_feeds_user_idx").on(t.userId)],
);

export type PurchaseRefund = typeof purchaseRefunds.$inferSelect;
export type OperatorReview = typeof operatorReviews.$inferSelect;
