// Drizzle only: bad-lead reports and the purchase they settle.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { ReportStatus } from "../../../shared/bad-leads";
import type { LEAD_SOURCES } from "../../../shared/enums";
import { badLeadReports, leadPurchases, leads, users, type BadLeadReport, type LeadPurchase } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { newestFirstPage, type PageArgs } from "../../platform/db/paging";

type LeadSource = (typeof LEAD_SOURCES)[number];

/** A live purchase bought by `buyerId` (the reporter must be the buyer), with its lead's source. */
export async function findOwnLivePurchase(db: Db, purchaseId: number, buyerId: number): Promise<(LeadPurchase & { leadSource: LeadSource }) | undefined> {
  const [row] = await db
    .select({ purchase: leadPurchases, leadSource: leads.source })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(and(eq(leadPurchases.id, purchaseId), eq(leadPurchases.buyerId, buyerId), isNull(leadPurchases.releasedAt)));
  return row && { ...row.purchase, leadSource: row.leadSource };
}

export async function findPurchase(db: Db, purchaseId: number): Promise<LeadPurchase | undefined> {
  const [row] = await db.select().from(leadPurchases).where(eq(leadPurchases.id, purchaseId));
  return row;
}

/** A pending or approved report of this purchase (a rejected one may be followed by a new report). */
export async function findStandingReport(db: Db, purchaseId: number) {
  const [row] = await db
    .select({ id: badLeadReports.id })
    .from(badLeadReports)
    .where(and(eq(badLeadReports.purchaseId, purchaseId), inArray(badLeadReports.status, ["pending", "approved"])));
  return row;
}

export async function insertReport(db: Db, values: typeof badLeadReports.$inferInsert): Promise<BadLeadReport> {
  const [row] = await db.insert(badLeadReports).values(values).returning();
  return row!;
}

export async function findReport(db: Db, id: number): Promise<BadLeadReport | undefined> {
  const [row] = await db.select().from(badLeadReports).where(eq(badLeadReports.id, id));
  return row;
}

/**
 * The decision: only a report still pending changes. Under concurrency the first
 * transaction locks the row; the second waits, then finds it decided and gets nothing.
 */
export async function decidePendingReport(tx: Db, id: number, status: Exclude<ReportStatus, "pending">, note: string | null, now: Date) {
  const [row] = await tx
    .update(badLeadReports)
    .set({ status, adminNote: note, decidedAt: now })
    .where(and(eq(badLeadReports.id, id), eq(badLeadReports.status, "pending")))
    .returning();
  return row;
}

/** The report's own record of its refund; the purchase's is its purchase_refunds row (docs/decisions/049). */
export async function recordRefundOnReport(tx: Db, reportId: number, refund: { amount: string; reference: string }) {
  const [row] = await tx
    .update(badLeadReports)
    .set({ refundAmount: refund.amount, refundReference: refund.reference })
    .where(eq(badLeadReports.id, reportId))
    .returning();
  return row!;
}

/** The reports on a pipeline owner's purchases, newest first. */
export async function reportsOfOwner(db: Db, ownerId: number) {
  return db
    .select({
      id: badLeadReports.id,
      purchaseId: badLeadReports.purchaseId,
      reason: badLeadReports.reason,
      details: badLeadReports.details,
      status: badLeadReports.status,
      adminNote: badLeadReports.adminNote,
      decidedAt: badLeadReports.decidedAt,
      refundAmount: badLeadReports.refundAmount,
      createdAt: badLeadReports.createdAt,
    })
    .from(badLeadReports)
    .innerJoin(leadPurchases, eq(leadPurchases.id, badLeadReports.purchaseId))
    .where(eq(leadPurchases.buyerId, ownerId))
    .orderBy(desc(badLeadReports.createdAt), desc(badLeadReports.id));
}

export async function listReports(db: Db, args: PageArgs & { status?: ReportStatus }) {
  const where = args.status ? eq(badLeadReports.status, args.status) : undefined;
  const { items, total } = await newestFirstPage(
    db,
    db
      // Only what the operator's list shows: never the whole user row (its password hash).
      .select({
        report: badLeadReports,
        purchase: {
          amountPaid: leadPurchases.amountPaid,
          purchasedAt: leadPurchases.purchasedAt,
          paymentStatus: leadPurchases.paymentStatus,
          paymentIntentId: leadPurchases.paymentIntentId,
          buyerName: leadPurchases.buyerName,
          buyerCompany: leadPurchases.buyerCompany,
        },
        lead: {
          id: leads.id,
          jobReference: leads.jobReference,
          serviceType: leads.serviceType,
          suburb: leads.suburb,
          state: leads.state,
          customerName: leads.customerName,
          customerPhone: leads.customerPhone,
        },
        reporter: { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, companyName: users.companyName },
      })
      .from(badLeadReports)
      .innerJoin(leadPurchases, eq(leadPurchases.id, badLeadReports.purchaseId))
      .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
      .leftJoin(users, eq(users.id, badLeadReports.reporterId))
      .where(where)
      .$dynamic(),
    badLeadReports,
    where,
    args,
  );
  return { rows: items, total };
}
