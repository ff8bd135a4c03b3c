// Drizzle tables for every entity of docs/product.md section 3 the product uses.
// Names are the snake_case of the fields in docs/product.md section 3 (docs/runtime.md section 4). `bookings` is left
// out on purpose: see docs/decisions/003-no-bookings-table.md.
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { CALLBACK_STATUSES, DISCOUNT_TYPES, LEAD_SOURCES, LEAD_STATUSES, PAYMENT_STATUSES, SALES_STAGES, USER_TYPES } from "./enums";
import { BAD_LEAD_REASONS, REPORT_STATUSES } from "./bad-leads";
import type { LeadRemovalReason, MarketChangeType } from "./marketplace";
import { VERIFICATION_STATUSES, type LicenceState } from "./vetting";

export const userType = pgEnum("user_type", USER_TYPES);
export const leadStatus = pgEnum("lead_status", LEAD_STATUSES);
export const leadSource = pgEnum("lead_source", LEAD_SOURCES);
export const salesStage = pgEnum("sales_stage", SALES_STAGES);
export const paymentStatus = pgEnum("payment_status", PAYMENT_STATUSES);
export const discountType = pgEnum("discount_type", DISCOUNT_TYPES);
export const callbackStatus = pgEnum("callback_status", CALLBACK_STATUSES);
// branch vetting (docs/decisions/033): the operator's verdict on a provider's licence.
export const verificationStatus = pgEnum("verification_status", VERIFICATION_STATUSES);

const money = (name: string) => numeric(name, { precision: 10, scale: 2 });
const latitude = (name: string) => numeric(name, { precision: 10, scale: 8 });
const longitude = (name: string) => numeric(name, { precision: 11, scale: 8 });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email"),
    username: text("username").notNull(),
    password: text("password").notNull(),
    userType: userType("user_type").notNull().default("customer"),
    teamOwnerId: integer("team_owner_id").references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    companyName: text("company_name"),
    businessAddress: text("business_address"),
    licenseNumber: text("license_number"),
    serviceAreas: text("service_areas").array(),
    serviceLocation: text("service_location"),
    serviceLatitude: latitude("service_latitude"),
    serviceLongitude: longitude("service_longitude"),
    serviceRadius: integer("service_radius").default(20),
    isActive: boolean("is_active").notNull().default(true),
    isVerified: boolean("is_verified").notNull().default(false),
    // ---- branch vetting (docs/decisions/033-vetted-electricians.md) ----
    // The licence number is the license_number above (docs/product.md section 3). A team member's own status is never
    // read: the owner's counts. The migration approved every provider that existed before.
    licenceState: text("licence_state").$type<LicenceState>(),
    /** The last day the licence is good for (a calendar date, read in Sydney). */
    licenceExpiry: date("licence_expiry", { mode: "string" }),
    /** 11 digits, no spaces. */
    abn: text("abn"),
    verificationStatus: verificationStatus("verification_status").notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    verificationDecidedAt: timestamp("verification_decided_at", { withTimezone: true }),
    /** The expiry a reminder e-mail was sent for: claimed by one conditional UPDATE, so one mail per expiry. */
    licenceReminderSentFor: date("licence_reminder_sent_for", { mode: "string" }),
    // ---- end branch vetting ----
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // branch vetting: the operator's queue, newest first.
    index("users_verification_queue_idx").on(t.verificationStatus, t.createdAt),
    // Case-insensitive: "Dave" and "dave" are the same person signing in.
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_team_owner_idx").on(t.teamOwnerId),
    // alerts-server (docs/decisions/029): who to alert for a new lead, a box on the providers' service
    // locations first (server/alerts/matching.ts), the exact distance on the few rows left.
    index("users_provider_place_idx")
      .on(t.serviceLatitude, t.serviceLongitude)
      .where(sql`${t.userType} = 'provider' and ${t.isActive}`),
  ],
);

export const suburbs = pgTable(
  "suburbs",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    postcode: text("postcode").notNull(),
    council: text("council"),
    state: text("state").notNull().default("NSW"),
    latitude: latitude("latitude"),
    longitude: longitude("longitude"),
    description: text("description"),
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    openingHours: text("opening_hours"),
    priceFrom: integer("price_from").notNull().default(49),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [
    uniqueIndex("suburbs_name_postcode_state_idx").on(t.name, t.postcode, t.state),
    // text_pattern_ops lets `lower(name) LIKE 'parra%'` use the index.
    index("suburbs_name_prefix_idx").using("btree", sql`lower(${t.name}) text_pattern_ops`),
    index("suburbs_postcode_idx").using("btree", sql`${t.postcode} text_pattern_ops`),
  ],
);

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
    // The market's capped count (server/marketplace/market-repo.ts onTheMarket, exactly): an
    // index-only scan of at most MARKET_COUNT_CAP + 1 entries, no heap rows read.
    index("leads_on_market_idx")
      .on(t.id)
      .where(sql`${t.status} = 'available' and ${t.isArchived} = false and ${t.source} <> 'provider_manual'`),
  ],
);

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
    /** Set when an approved bad-lead report gives the money back (docs/decisions/013). */
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
    /** When the booked job starts (an instant; entered and shown as Sydney wall clock). */
    jobStartsAt: timestamp("job_starts_at", { withTimezone: true }),
    /** "Call back Tuesday": a Sydney calendar day, "YYYY-MM-DD". */
    followUpOn: date("follow_up_on", { mode: "string" }),
    /** Why the customer declined: price, timing, no_answer or other (with optional text). */
    declineReason: text("decline_reason"),
    declineNote: text("decline_note"),
    /** The owner's team member who works this job; null is the owner's own. */
    assignedTo: integer("assigned_to").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    // --- end pipeline-work ---
  },
  (t) => [
    // The database itself refuses a second live sale of one lead (docs/product.md section 10).
    uniqueIndex("lead_purchases_live_lead_idx")
      .on(t.leadId)
      .where(sql`${t.releasedAt} is null`),
    uniqueIndex("lead_purchases_payment_intent_idx").on(t.paymentIntentId),
    index("lead_purchases_buyer_stage_idx").on(t.buyerId, t.salesStage),
    // Exactly intake's ORDER BY purchased_at DESC, id DESC (server/leads/repo.ts): PostgreSQL's
    // DESC is NULLS FIRST and Drizzle's index .desc() is NULLS LAST, which no plan can walk for it.
    index("lead_purchases_paid_recent_idx")
      .on(t.purchasedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.paymentStatus} = 'completed'`),
  ],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the token sent by mail; the token itself is never stored. */
    token: text("token").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    isUsed: boolean("is_used").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_reset_tokens_token_idx").on(t.token)],
);

export const providerCallbacks = pgTable(
  "provider_callbacks",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    mobile: text("mobile").notNull(),
    email: text("email").notNull(),
    businessName: text("business_name").notNull(),
    serviceArea: text("service_area").notNull(),
    status: callbackStatus("status").notNull().default("pending"),
    notes: text("notes"),
    callbackDate: timestamp("callback_date", { withTimezone: true }),
    /** When the operator phoned them, and who approved them when (docs/decisions/014). */
    contactedAt: timestamp("contacted_at", { withTimezone: true }),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedBy: text("approved_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("provider_callbacks_status_created_idx").on(t.status, t.createdAt)],
);

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: serial("id").primaryKey(),
    eventType: text("event_type").notNull(),
    eventData: jsonb("event_data"),
    pagePath: text("page_path"),
    pageTitle: text("page_title"),
    userAgent: text("user_agent"),
    referrer: text("referrer"),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_events_type_created_idx").on(t.eventType, t.createdAt)],
);

/** express-session rows; user_id lets an admin end every session of a deactivated provider. */
export const sessions = pgTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: jsonb("sess").notNull(),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_expire_idx").on(t.expire), index("sessions_user_idx").on(t.userId)],
);

/** Operator admin bearer tokens (docs/runtime.md section 2), stored as SHA-256 hashes. */
export const adminTokens = pgTable("admin_tokens", {
  id: serial("id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Lead = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;
export type LeadPurchase = typeof leadPurchases.$inferSelect;
export type Suburb = typeof suburbs.$inferSelect;
export type DiscountCode = typeof discountCodes.$inferSelect;
export type ProviderCallback = typeof providerCallbacks.$inferSelect;

/** Stripe webhook events already handled: a replayed event id is acknowledged and ignored. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every sales-stage change, so a pipeline can be audited (docs/decisions/018): who, from, to, when. */
export const salesStageHistory = pgTable(
  "sales_stage_history",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "cascade" }),
    changedBy: integer("changed_by").references(() => users.id, { onDelete: "set null" }),
    fromStage: salesStage("from_stage"),
    toStage: salesStage("to_stage").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sales_stage_history_purchase_idx").on(t.purchaseId, t.createdAt)],
);

/** Single-use sign-up links issued when an operator approves a provider callback (docs/decisions/014). */
export const providerInvitations = pgTable(
  "provider_invitations",
  {
    id: serial("id").primaryKey(),
    callbackId: integer("callback_id")
      .notNull()
      .references(() => providerCallbacks.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** SHA-256 of the token in the link; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("provider_invitations_token_hash_idx").on(t.tokenHash), index("provider_invitations_callback_idx").on(t.callbackId)],
);

export const badLeadReason = pgEnum("bad_lead_reason", BAD_LEAD_REASONS);
/**
 * Every other change to a purchased job (notes, quote price, payment amount, job details,
 * archive, release), so "every change is kept and audited" (docs/decisions/018). Values are text as
 * they were on the wire; stage changes stay in sales_stage_history.
 */
export const purchaseChanges = pgTable(
  "purchase_changes",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "cascade" }),
    changedBy: integer("changed_by").references(() => users.id, { onDelete: "set null" }),
    field: text("field").notNull(),
    oldValue: text("old_value"),
    newValue: text("new_value"),
    createdAt: createdAt(),
  },
  (t) => [index("purchase_changes_purchase_idx").on(t.purchaseId, t.createdAt)],
);

export const badLeadReportStatus = pgEnum("bad_lead_report_status", REPORT_STATUSES);

/** A provider's report of a bad lead and the operator's decision (docs/decisions/013-bad-lead-refunds.md). */
export const badLeadReports = pgTable(
  "bad_lead_reports",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "cascade" }),
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: badLeadReason("reason").notNull(),
    details: text("details"),
    status: badLeadReportStatus("status").notNull().default("pending"),
    adminNote: text("admin_note"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    refundAmount: money("refund_amount"),
    /** "stripe:<payment intent>" or "credit:<report id>". */
    refundReference: text("refund_reference"),
    createdAt: createdAt(),
  },
  (t) => [
    // One open (pending) or settled-in-favour (approved) report per purchase.
    uniqueIndex("bad_lead_reports_open_purchase_idx")
      .on(t.purchaseId)
      .where(sql`${t.status} in ('pending', 'approved')`),
    index("bad_lead_reports_status_created_idx").on(t.status, t.createdAt),
  ],
);

export type ProviderInvitation = typeof providerInvitations.$inferSelect;
export type BadLeadReport = typeof badLeadReports.$inferSelect;
export type PurchaseChange = typeof purchaseChanges.$inferSelect;

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

// ---- alerts-server (new-lead alerts; docs/decisions/029-new-lead-alerts.md) ----

/** Small server-wide settings, e.g. the generated VAPID key pair; insert-if-absent so instances agree. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  createdAt: createdAt(),
});

/** One row per user who changed the Alerts dialog; none means DEFAULT_ALERT_PREFERENCES. */
export const alertPreferences = pgTable(
  "alert_preferences",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    pushEnabled: boolean("push_enabled").notNull().default(true),
    emailEnabled: boolean("email_enabled").notNull().default(false),
    area: text("area").$type<"service_area" | "radius">().notNull().default("service_area"),
    radiusKm: integer("radius_km"),
    serviceTypes: text("service_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    urgentOnly: boolean("urgent_only").notNull().default(false),
    quietStart: text("quiet_start"),
    quietEnd: text("quiet_end"),
    urgentBreaksQuiet: boolean("urgent_breaks_quiet").notNull().default(false),
    maxPerHour: integer("max_per_hour").notNull().default(10),
    updatedAt: updatedAt(),
  },
  // The matcher's second branch: custom radii wider than any service area.
  (t) => [
    index("alert_preferences_radius_idx")
      .on(t.radiusKm)
      .where(sql`${t.area} = 'radius'`),
  ],
);

/** A browser's push subscription; the endpoint is the device (one owner at a time). */
export const pushDevices = pgTable(
  "push_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    label: text("label").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("push_devices_endpoint_idx").on(t.endpoint), index("push_devices_user_idx").on(t.userId)],
);

/** Written in the lead's own insert transaction; the matcher claims it (FOR UPDATE SKIP LOCKED). */
export const alertOutbox = pgTable(
  "alert_outbox",
  {
    leadId: integer("lead_id")
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("alert_outbox_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

/**
 * One alert to send: per (lead, device) for push, per (lead, user) for e-mail. The unique
 * indexes are the "at most once per device per lead, ever" rule.
 */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel").$type<"push" | "email">().notNull(),
    deviceId: uuid("device_id").references(() => pushDevices.id, { onDelete: "cascade" }),
    /** pending -> sent | held (cap, waits for the digest) | dropped (sold, gone, turned off) | failed (retries spent). */
    status: text("status").$type<"pending" | "sent" | "held" | "dropped" | "failed" | "digested">().notNull().default("pending"),
    urgent: boolean("urgent").notNull().default(false),
    distanceKm: numeric("distance_km", { precision: 8, scale: 1 }),
    attempts: integer("attempts").notNull().default(0),
    /** Not before: retry backoff, quiet hours. */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    /** A sender's claim; after it passes another sender may take the row again. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("alert_deliveries_lead_device_idx").on(t.leadId, t.deviceId),
    uniqueIndex("alert_deliveries_lead_email_idx")
      .on(t.leadId, t.userId)
      .where(sql`${t.channel} = 'email'`),
    index("alert_deliveries_due_idx")
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    index("alert_deliveries_user_sent_idx").on(t.userId, t.sentAt),
    index("alert_deliveries_held_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'held'`),
  ],
);

/** One digest per target (a device, or the user's e-mail) per hour. */
export const alertDigests = pgTable(
  "alert_digests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A device id, or "email". */
    target: text("target").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    leadIds: integer("lead_ids").array().notNull(),
  },
  (t) => [index("alert_digests_target_idx").on(t.userId, t.target, t.sentAt)],
);

export type PushDevice = typeof pushDevices.$inferSelect;
export type AlertDelivery = typeof alertDeliveries.$inferSelect;
export type AlertPreferencesRow = typeof alertPreferences.$inferSelect;

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

/** Every code sent, by phone and by IP: the send limits count these rows, whichever instance sent them. */
export const smsSends = pgTable(
  "sms_sends",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sms_sends_phone_created_idx").on(t.phone, t.createdAt), index("sms_sends_ip_created_idx").on(t.ip, t.createdAt)],
);
