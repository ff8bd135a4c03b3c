// Booking windows (docs/decisions/102-booking-windows.md): the times an electrician offers and
// the one the customer picks. An offer is one message to the customer; its windows lapse when
// one is picked, the customer asks for other times, or a newer offer replaces it. Kept as the
// history of how a time was agreed; the booked time itself stays on lead_purchases.
import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./accounts";
import { leadPurchases } from "./marketplace";

export type BookingOfferStatus = "open" | "picked" | "other_times" | "withdrawn";

export const bookingOffers = pgTable(
  "booking_offers",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "cascade" }),
    offeredBy: integer("offered_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<BookingOfferStatus>().notNull().default("open"),
    /** Why a booked time moved, when this offer moved one. */
    reason: text("reason"),
    /** What the customer asked for instead ("other times"). */
    customerNote: text("customer_note"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One offer waits for the customer at a time: two picks at once meet on it.
    uniqueIndex("booking_offers_open_idx")
      .on(t.purchaseId)
      .where(sql`${t.status} = 'open'`),
    index("booking_offers_purchase_idx").on(t.purchaseId, t.createdAt),
  ],
);

export const bookingWindows = pgTable(
  "booking_windows",
  {
    id: serial("id").primaryKey(),
    offerId: integer("offer_id")
      .notNull()
      .references(() => bookingOffers.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    pickedAt: timestamp("picked_at", { withTimezone: true }),
  },
  (t) => [index("booking_windows_offer_idx").on(t.offerId)],
);

/**
 * A change to an agreed time by either side, with its words: the customer's "I need another
 * time", the electrician's move or cancellation. The other side is told once, by the change's
 * own outbox row.
 */
export const bookingChanges = pgTable(
  "booking_changes",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"other_times" | "customer_moved" | "electrician_moved" | "electrician_cancelled">().notNull(),
    /** The offer it answered, came with or undid; null when the time was typed on the card. The page shows the newest offer's. */
    offerId: integer("offer_id").references(() => bookingOffers.id, { onDelete: "cascade" }),
    note: text("note").notNull(),
    /** The booked start it changed, if one was booked. */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    changedBy: integer("changed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("booking_changes_purchase_idx").on(t.purchaseId, t.createdAt)],
);
