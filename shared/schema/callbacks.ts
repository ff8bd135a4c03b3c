// Provider callback requests from the landing page.
import { index, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { CALLBACK_STATUSES } from "../enums";

export const callbackStatus = pgEnum("callback_status", CALLBACK_STATUSES);

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

export type ProviderCallback = typeof providerCallbacks.$inferSelect;
