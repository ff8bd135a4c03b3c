// Leads as customers send them, and the mobile check before one goes on sale (docs/decisions/034).
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { money, latitude, longitude, createdAt, updatedAt } from "./columns";
import { LEAD_SOURCES, LEAD_STATUSES } from "../enums";
import { users } from "./accounts";
import { suburbs } from "./suburbs";

export const leadStatus = pgEnum("lead_status", LEAD_STATUSES);

export const leadSource = pgEnum("lead_source", LEAD_SOURCES);

export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    jobReference: text("job_reference").notNull(),
    customerId: integer("customer_id").references(() => users.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull(),
    customerEmail: text("customer_email"),
    customerAddress: text("customer_address"),
    serviceType: text("service_type").notNull().default("repair"),
    electricalWork: text("electrical_work").notNull(),
    propertyType: text("property_type").notNull().default("residential"),
    urgency: text("urgency").notNull().default("within_week"),
    budgetRange: text("budget_range").notNull().default("unsure"),
    hasExistingElectrician: boolean("has_existing_electrician").notNull().default(false),
    serviceLocation: text("service_location").notNull(),
    timeframe: text("timeframe").notNull().default("this_week"),
    preferredPickupDate: text("preferred_pickup_date"),
    preferredDropoffDate: text("preferred_dropoff_date"),
    isFlexibleDates: boolean("is_flexible_dates").notNull().default(true),
    specialRequests: text("special_requests"),
    inspectionType: text("inspection_type"),
    leadScore: integer("lead_score").notNull().default(0),
    status: leadStatus("status").notNull().default("available"),
    source: leadSource("source").notNull().default("quote_form"),
    startingPrice: money("starting_price").notNull().default("40.00"),
    currentPrice: money("current_price").notNull().default("40.00"),
    minimumPrice: money("minimum_price").notNull().default("0.00"),
    /** Minutes (docs/product.md section 9: default 60). */
    auctionDuration: integer("auction_duration").notNull().default(60),
    /** The auction clock. Equals created_at until an unpurchase restarts the auction. */
    auctionStartedAt: timestamp("auction_started_at", { withTimezone: true }).notNull().defaultNow(),
    lastPriceUpdate: timestamp("last_price_update", { withTimezone: true }),
    suburbId: integer("suburb_id").references(() => suburbs.id, { onDelete: "set null" }),
    suburb: text("suburb"),
    state: text("state"),
    postcode: text("postcode"),
    latitude: latitude("latitude"),
    longitude: longitude("longitude"),
    isArchived: boolean("is_archived").notNull().default(false),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    // real-customers (docs/decisions/034): gate codes, parking, pets; only the buyer ever sees them.
    accessNotes: text("access_notes"),
    // real-customers (docs/decisions/034): when the customer confirmed their mobile with an SMS code.
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    /** Each time the lead goes on sale again after a missed promise, a new listing (docs/decisions/049): alerts are once per device per listing. */
    listing: integer("listing").notNull().default(1),
    /** The customer closed the request from the job page. */
    closedByCustomerAt: timestamp("closed_by_customer_at", { withTimezone: true }),
    closeReason: text("close_reason").$type<"found_someone" | "no_longer_needed" | "other">(),
    closeNote: text("close_note"),
  },
  (t) => [
    uniqueIndex("leads_job_reference_idx").on(t.jobReference),
    // The marketplace query: available, not archived, newest auction first (an unpurchased
    // lead goes back on sale as new: docs/decisions/005-auction-clock.md). Ascending on
    // purpose: ORDER BY ... DESC (nulls first) is its backward scan, while a DESC index is
    // built NULLS LAST, does not match, and the planner sorts the whole market instead.
    index("leads_available_auction_idx")
      .on(t.auctionStartedAt, t.id)
      .where(sql`${t.status} = 'available' and ${t.isArchived} = false`),
    // The local market's bounding box (docs/decisions/023-local-market.md): a latitude range
    // scan, longitude checked inside the index, then the exact distance on the few rows left.
    index("leads_available_place_idx")
      .on(t.latitude, t.longitude)
      .where(sql`${t.status} = 'available' and ${t.isArchived} = false`),
    // The service-area preview: leads of the last 30 days in a box, whatever their status, counted
    // from the index alone (EXPLAIN on PostgreSQL, 100,000 leads: 3 ms, against 20 ms time first).
    index("leads_recent_place_idx")
      .on(t.latitude, t.longitude, t.createdAt)
      .where(sql`${t.isArchived} = false and ${t.source} <> 'provider_manual'`),
    index("leads_status_created_idx").on(t.status, t.createdAt),
    // The price tape's sweep finds auctions that reached $0 in the last minutes, whatever their status (docs/decisions/066-price-tape.md).
    index("leads_auction_started_idx").on(t.auctionStartedAt),
    // "Lost the link" (docs/decisions/044-job-page.md): a mobile's requests of the last 12 months.
    index("leads_customer_phone_idx").on(t.customerPhone, t.createdAt),
    // A buyer's own customers kept off their market by e-mail, as leads_customer_phone_idx does by
    // mobile (docs/decisions/131-own-customers-kept-off-the-market.md): only leads on the market.
    index("leads_customer_email_idx")
      .on(sql`lower(${t.customerEmail})`)
      .where(sql`${t.customerEmail} is not null and ${t.status} = 'available' and ${t.isArchived} = false`),
    // The market's capped count (server/features/marketplace/market-repo.ts onTheMarket, exactly): an
    // index-only scan of at most MARKET_COUNT_CAP + 1 entries, no heap rows read.
    index("leads_on_market_idx")
      .on(t.id)
      .where(sql`${t.status} = 'available' and ${t.isArchived} = false and ${t.source} <> 'provider_manual'`),
  ],
);

export type Lead = typeof leads.$inferSelect;

export type NewLead = typeof leads.$inferInsert;

// ---- real-customers: mobile verification by SMS (docs/decisions/034) ----
/**
 * One quote's mobile check: the `verification` token the wizard holds (stored as its SHA-256)
 * and the current code (an HMAC, never the digits). A resend replaces the code and its tries.
 */
export const phoneVerifications = pgTable(
  "phone_verifications",
  {
    id: serial("id").primaryKey(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    codeSentAt: timestamp("code_sent_at", { withTimezone: true }).notNull(),
    /** Wrong codes entered against the current code. */
    attempts: integer("attempts").notNull().default(0),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("phone_verifications_token_idx").on(t.tokenHash), index("phone_verifications_lead_idx").on(t.leadId)],
);

export type PhoneVerification = typeof phoneVerifications.$inferSelect;

/**
 * Codes sent per subject ("phone:0412345678", "ip:203.0.113.7") per minute: the send limits sum at
 * most an hour of these rows, whichever instance sent them, so a claim costs the same however
 * many codes one phone or one office has had (docs/decisions/048-intake-cost.md).
 */
export const smsSendCounts = pgTable(
  "sms_send_counts",
  {
    subject: text("subject").notNull(),
    minute: timestamp("minute", { withTimezone: true }).notNull(),
    sends: integer("sends").notNull(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.minute] })],
);
