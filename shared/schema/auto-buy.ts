// Auto-buy (docs/decisions/063-auto-buy-orders.md): an owner's standing orders, the saved card
// each charges, and the schedule of leads whose price reaches some order's maximum. The
// schedule is derived from leads.auction_started_at and rebuilt from it (DESIGN section 9).
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { AutoBuyPauseReason } from "../auto-buy";
import { createdAt, money, updatedAt } from "./columns";
import { users } from "./accounts";
import { leads } from "./leads";
import { suburbs } from "./suburbs";

export const autoBuyOrders = pgTable(
  "auto_buy_orders",
  {
    id: serial("id").primaryKey(),
    /** Always the business owner; the sale is made in their name, as their manual purchase would be. */
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    radiusKm: integer("radius_km"),
    suburbId: integer("suburb_id").references(() => suburbs.id, { onDelete: "set null" }),
    /** Empty means any. */
    serviceTypes: text("service_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    propertyTypes: text("property_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    urgencies: text("urgencies")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minLeadScore: integer("min_lead_score").notNull().default(0),
    verifiedMobileOnly: boolean("verified_mobile_only").notNull().default(false),
    maxPrice: money("max_price").notNull(),
    maxPerDay: integer("max_per_day").notNull(),
    maxPerWeek: money("max_per_week").notNull(),
    /** Null: active. `until_date` lapses by itself once `pausedUntil` has passed (shared/auto-buy.ts isPausedAt). */
    pausedReason: text("paused_reason").$type<AutoBuyPauseReason>(),
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
    /** Stripe mode: the SetupIntent made at creation, and the card it saved for off-session charges. */
    setupIntentId: text("setup_intent_id"),
    paymentMethodId: text("payment_method_id"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Deleted orders stay as rows: their purchases still read "Auto-bought". */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("auto_buy_orders_owner_idx")
      .on(t.ownerId)
      .where(sql`${t.deletedAt} is null`),
    index("auto_buy_orders_live_price_idx")
      .on(t.maxPrice.desc())
      .where(sql`${t.deletedAt} is null`),
  ],
);

export type AutoBuyOrderRow = typeof autoBuyOrders.$inferSelect;

/** The owner's Stripe customer, to which every order's card is saved. */
export const autoBuyCustomers = pgTable("auto_buy_customers", {
  ownerId: integer("owner_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull(),
  createdAt: createdAt(),
});

/**
 * The owner's caps across all their orders (docs/decisions/083-auto-buy-says-what-it-buys.md),
 * beside each order's own. No row, or a null, is no business cap. The sale locks this row, as it
 * locks the order's, so two sales for one business take turns on these caps too.
 */
export const autoBuyBusinessCaps = pgTable("auto_buy_business_caps", {
  ownerId: integer("owner_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  maxPerDay: integer("max_per_day"),
  maxPerWeek: money("max_per_week"),
  updatedAt: updatedAt(),
});

/**
 * One row per available lead some order may want: when it is next worth a look. `clock` is the
 * leads.auction_started_at the time was derived from; a lead whose clock moved, or that has no
 * row, is looked at again by the sweep.
 */
export const autoBuyDue = pgTable(
  "auto_buy_due",
  {
    leadId: integer("lead_id")
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true }),
    clock: timestamp("clock", { withTimezone: true }).notNull(),
  },
  (t) => [index("auto_buy_due_at_idx").on(t.dueAt)],
);
