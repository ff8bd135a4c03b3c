// The provider's pipeline: every sales-stage change and every edit to a purchase, for the history.
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, salesStage } from "./columns";
import { users } from "./accounts";
import { leadPurchases } from "./marketplace";

export { salesStage } from "./columns";

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

export type PurchaseChange = typeof purchaseChanges.$inferSelect;

/**
 * The buyer's working copy of a job's details (docs/decisions/073-the-customers-own-contact.md):
 * written by "Edit job details" and shown on the buyer's card, CSV and calendar. It belongs to
 * one purchase, so a released sale takes it away and the next buyer starts from what the
 * customer typed. The lead row keeps the customer's own details, which no buyer changes.
 */
export const jobDetails = pgTable("job_details", {
  purchaseId: integer("purchase_id")
    .primaryKey()
    .references(() => leadPurchases.id, { onDelete: "cascade" }),
  customerName: text("customer_name").notNull(),
  customerPhone: text("customer_phone").notNull(),
  customerEmail: text("customer_email"),
  customerAddress: text("customer_address"),
  serviceLocation: text("service_location").notNull(),
  electricalWork: text("electrical_work").notNull(),
  serviceType: text("service_type").notNull(),
  propertyType: text("property_type").notNull(),
  budgetRange: text("budget_range").notNull(),
  urgency: text("urgency").notNull(),
  specialRequests: text("special_requests"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type JobDetails = typeof jobDetails.$inferSelect;
