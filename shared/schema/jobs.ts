// The customer's side of a sold lead (docs/decisions/044-job-page.md, 045-contact-promise.md,
// 046-one-outbox.md): job links, the electrician's contact attempts, lost-link lookups, and the
// one outbox every message to a customer or a provider leaves through.
import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { ContactChannel, ContactOutcome } from "../jobs";
import { createdAt } from "./columns";
import { users } from "./accounts";
import { leads } from "./leads";
import { leadPurchases } from "./marketplace";

/** A customer's key to their job page: only the SHA-256 of the token is kept; revoked links stop working. */
export const jobLinks = pgTable(
  "job_links",
  {
    id: serial("id").primaryKey(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("job_links_token_hash_idx").on(t.tokenHash), index("job_links_lead_idx").on(t.leadId)],
);

/** Each time the buyer's side tried to reach the customer, and what happened. */
export const contactAttempts = pgTable(
  "contact_attempts",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => leadPurchases.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    channel: text("channel").$type<ContactChannel>().notNull(),
    outcome: text("outcome").$type<ContactOutcome>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_attempts_purchase_idx").on(t.purchaseId, t.createdAt)],
);

/** "Lost the link": a 6-digit code sent to a mobile, kept as an HMAC, 10 minutes and 5 tries. */
export const jobLookups = pgTable(
  "job_lookups",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    codeSentAt: timestamp("code_sent_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("job_lookups_phone_idx").on(t.phone, t.codeSentAt)],
);

export type OutboxChannel = "sms" | "email" | "push";
export type OutboxStatus = "pending" | "sent" | "dropped" | "failed";

/**
 * Every message to a customer or a provider, written in the transaction of the change it tells
 * of (so a rolled-back change sends nothing), unique on (event, recipient) so it is sent once
 * however many instances run. Senders claim due rows with FOR UPDATE SKIP LOCKED and a lease.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** What happened, e.g. "lead.sold:42" or "promise.reminder:42". */
    event: text("event").notNull(),
    /** Who it is for, e.g. "sms:0412345678", "user:7". */
    recipient: text("recipient").notNull(),
    channel: text("channel").$type<OutboxChannel>().notNull(),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    /** What the transport needs: { to, text } for SMS, { to, subject, text } for e-mail, { title, body, url } for push. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** Not before: quiet hours, retry backoff. */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("outbox_messages_event_recipient_idx").on(t.event, t.recipient),
    index("outbox_messages_due_idx")
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    // A lead's messages: what its customer was already told of a booking (docs/decisions/049), and the cascade when a lead is deleted.
    index("outbox_messages_lead_idx").on(t.leadId),
  ],
);

/**
 * What an electrician is told of their jobs and orders (a job lost, an order paused, an
 * auto-buy), kept on their dashboard until they dismiss it (docs/decisions/081-notices-on-the-
 * dashboard.md): the outbox carries the same notice by push, e-mail or SMS. One per event and person.
 */
export const dashboardNotices = pgTable(
  "dashboard_notices",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("dashboard_notices_user_event_idx").on(t.userId, t.event),
    index("dashboard_notices_open_idx")
      .on(t.userId, t.createdAt)
      .where(sql`${t.dismissedAt} is null`),
  ],
);

export type DashboardNoticeRow = typeof dashboardNotices.$inferSelect;
export type OutboxMessage = typeof outboxMessages.$inferSelect;
export type JobLink = typeof jobLinks.$inferSelect;
export type ContactAttemptRow = typeof contactAttempts.$inferSelect;
