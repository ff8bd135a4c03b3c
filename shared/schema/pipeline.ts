// The provider's pipeline: every sales-stage change and every edit to a purchase, for the history.
import { index, integer, pgEnum, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { SALES_STAGES } from "../enums";
import { users } from "./accounts";
import { leadPurchases } from "./marketplace";

export const salesStage = pgEnum("sales_stage", SALES_STAGES);

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
