// Reviews of market jobs by their customers (docs/decisions/058-reviews.md): one per purchase,
// published at once, hidden only by the operator for a published reason; the electrician's one
// public reply; anyone's reports; and the mobile code the customer confirms when writing.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import type { ReviewHiddenReason } from "../reviews-rules";
import { users } from "./accounts";
import { leads } from "./leads";
import { leadPurchases } from "./marketplace";

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    /** One review per job: the unique index refuses a second (409). */
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "cascade" }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** The electrician reviewed: the purchase's buyer (the business owner, never a team member). */
    providerId: integer("provider_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    /** What shows: masked (phones, e-mails, addresses, the customer's own details) when written or edited. */
    text: text("text").notNull(),
    /**
     * What the customer typed, for the operator only (docs/decisions/090-safe-words-before-purchase.md);
     * null for reviews written before it was kept. Never in a public answer.
     */
    textAsWritten: text("text_as_written"),
    aspectQuality: integer("aspect_quality"),
    aspectPunctuality: integer("aspect_punctuality"),
    aspectValue: integer("aspect_value"),
    aspectTidiness: integer("aspect_tidiness"),
    /** What the review shows of who wrote it, copied when written: the first name and the suburb. */
    customerFirstName: text("customer_first_name").notNull(),
    suburb: text("suburb"),
    /** The lead's state, for suburb listings ("Newtown, NSW"). */
    state: text("state"),
    /** "Paid through Aussie Electricians": the job's invoice was paid online; refreshed when it is. */
    paidOnPlatform: boolean("paid_on_platform").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The customer may edit until then (7 days after writing). */
    editableUntil: timestamp("editable_until", { withTimezone: true }).notNull(),
    /** Set only by the operator, only for a published reason; the reason shows in the review's place. */
    hiddenReason: text("hidden_reason").$type<ReviewHiddenReason>(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: integer("hidden_by").references(() => users.id, { onDelete: "set null" }),
    /** The electrician's one public reply, masked like the text. */
    replyText: text("reply_text"),
    /** The reply as the electrician typed it, for the operator only, like textAsWritten. */
    replyAsWritten: text("reply_as_written"),
    replyCreatedAt: timestamp("reply_created_at", { withTimezone: true }),
    replyUpdatedAt: timestamp("reply_updated_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reviews_purchase_idx").on(t.purchaseId),
    // A profile's reviews, newest first, and its aggregate.
    index("reviews_provider_created_idx").on(t.providerId, t.createdAt),
    index("reviews_suburb_idx").on(t.suburb, t.state),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check(
      "reviews_aspects_range",
      sql`coalesce(${t.aspectQuality}, 1) between 1 and 5 and coalesce(${t.aspectPunctuality}, 1) between 1 and 5
        and coalesce(${t.aspectValue}, 1) between 1 and 5 and coalesce(${t.aspectTidiness}, 1) between 1 and 5`,
    ),
  ],
);

export type Review = typeof reviews.$inferSelect;

/** Anyone's report of a review; the operator reads them in the Reviews tab. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: serial("id").primaryKey(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    /** Set when the operator has dealt with it (hidden the review, or left it). */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * Who reported (docs/decisions/075-limits-and-edges.md): "user:<id>" when signed in, else
     * "device:<sha256 of the reporter cookie>"; one report per review each. Null on older rows.
     */
    reporter: text("reporter"),
    /** A keyed hash of the reporter's address and the Sydney day: one report per review per address per day. */
    addressHash: text("address_hash"),
    reportedOn: date("reported_on", { mode: "string" }),
  },
  (t) => [
    index("review_reports_review_idx").on(t.reviewId),
    uniqueIndex("review_reports_reporter_idx")
      .on(t.reviewId, t.reporter)
      .where(sql`${t.reporter} is not null`),
    uniqueIndex("review_reports_address_day_idx")
      .on(t.reviewId, t.addressHash, t.reportedOn)
      .where(sql`${t.addressHash} is not null`),
    index("review_reports_open_idx")
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * The code the customer confirms their mobile with when writing (so a forwarded link cannot
 * review): one live code per purchase, stored as an HMAC, replaced by a resend.
 */
export const reviewCodes = pgTable("review_codes", {
  purchaseId: integer("purchase_id")
    .primaryKey()
    .references(() => leadPurchases.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  codeSentAt: timestamp("code_sent_at", { withTimezone: true }).notNull(),
  attempts: integer("attempts").notNull().default(0),
});

/**
 * The invitation clock (docs/decisions/059): one invitation, one reminder, and the customer's
 * opt-out, per purchase. The SMS itself is made once by the outbox's unique (event, recipient);
 * these rows only let the sweep skip what is decided.
 */
export const reviewInvitations = pgTable("review_invitations", {
  purchaseId: integer("purchase_id")
    .primaryKey()
    .references(() => leadPurchases.id, { onDelete: "cascade" }),
  invitedAt: timestamp("invited_at", { withTimezone: true }),
  remindedAt: timestamp("reminded_at", { withTimezone: true }),
  /** The customer tapped the opt-out link: nothing more is sent. */
  optedOutAt: timestamp("opted_out_at", { withTimezone: true }),
  /** The opt-out link's token, kept as its SHA-256. */
  optOutTokenHash: text("opt_out_token_hash").notNull(),
});
