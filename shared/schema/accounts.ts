// Accounts: users (customers, providers, team members, the super admin), their sessions and
// reset links, the operator's bearer tokens and the sign-up invitations it issues.
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { latitude, longitude, createdAt, updatedAt } from "./columns";
import { USER_TYPES } from "../enums";
import { type LicenceState, VERIFICATION_STATUSES } from "../vetting";
import { providerCallbacks } from "./callbacks";

export const userType = pgEnum("user_type", USER_TYPES);

// branch vetting (docs/decisions/033): the operator's verdict on a provider's licence.
export const verificationStatus = pgEnum("verification_status", VERIFICATION_STATUSES);

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
    /**
     * The business owner's choice (docs/decisions/087-lead-spend-private-from-the-team.md): whether their team
     * members see lead spend, our tax invoices and monthly statements, and Insights. Off: private by default.
     */
    teamSeesLeadSpend: boolean("team_sees_lead_spend").notNull().default(false),
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
    // locations first (server/core/alerts/matching-repo.ts), the exact distance on the few rows left.
    index("users_provider_place_idx")
      .on(t.serviceLatitude, t.serviceLongitude)
      .where(sql`${t.userType} = 'provider' and ${t.isActive}`),
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

export type ProviderInvitation = typeof providerInvitations.$inferSelect;
