// Bad-lead reports and the operator's decisions (docs/decisions/013-bad-lead-refunds.md).
import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { money, createdAt } from "./columns";
import { BAD_LEAD_REASONS, REPORT_STATUSES } from "../bad-leads";
import { users } from "./accounts";
import { leadPurchases } from "./marketplace";

export const badLeadReason = pgEnum("bad_lead_reason", BAD_LEAD_REASONS);

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

export type BadLeadReport = typeof badLeadReports.$inferSelect;
