// Bad-lead reports (docs/decisions/013-bad-lead-refunds.md). The provider who
// bought a lead reports it within 7 days; the operator approves (the money goes back,
// exactly once) or rejects with a note.
import { REPORT_WINDOW_MS, reportRefusal, type reportBadLeadRequest } from "../../../shared/bad-leads";
import { BAD_LEAD_MESSAGES } from "../../../shared/bad-lead-messages";
import type { AdminReport, reportDecisionNote } from "../../../shared/admin";
import type { CurrentUser } from "../../../shared/auth";
import { alreadyRefundedMessage } from "../../../shared/refunds";
import type { z } from "zod";
import type { Db } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/unique-violation";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import type { Logger } from "../../platform/logger";
import type { PaymentGateway } from "../../platform/payments";
import { refundPurchase } from "../../core/refunds";
import * as repo from "./repo";

export interface ReportDeps {
  db: Db;
  payments: PaymentGateway;
  now: () => Date;
  logger?: Logger;
}

/** POST /api/lead-purchases/:id/report: only the buyer; the route admits providers and the super admin. */
export async function reportBadLead(deps: ReportDeps, user: CurrentUser, purchaseId: number, input: z.output<typeof reportBadLeadRequest>) {
  const now = deps.now();
  const purchase = await repo.findOwnLivePurchase(deps.db, purchaseId, user.id);
  if (!purchase) throw notFound(BAD_LEAD_MESSAGES.notFound);
  // A provider's own job or a $0 claim: there is no price to give back.
  const refusal = reportRefusal(purchase);
  if (refusal) throw new AppError(400, refusal);
  if (now.getTime() - purchase.purchasedAt.getTime() > REPORT_WINDOW_MS) throw new AppError(400, BAD_LEAD_MESSAGES.tooLate);
  // Refunded already (customer unreachable, docs/decisions/049): there is nothing left to report.
  if (purchase.paymentStatus === "refunded") throw conflict(alreadyRefundedMessage());
  if (await repo.findStandingReport(deps.db, purchase.id)) throw conflict(BAD_LEAD_MESSAGES.alreadyReported);
  try {
    return await repo.insertReport(deps.db, { purchaseId: purchase.id, reporterId: user.id, reason: input.reason, details: input.details, createdAt: now });
  } catch (err) {
    // Two reports racing: the partial unique index lets one in.
    if (isUniqueViolation(err)) throw conflict(BAD_LEAD_MESSAGES.alreadyReported);
    throw err;
  }
}

async function pendingReport(db: Db, id: number) {
  const report = await repo.findReport(db, id);
  if (!report) throw notFound(BAD_LEAD_MESSAGES.reportNotFound);
  if (report.status !== "pending") throw conflict(BAD_LEAD_MESSAGES.alreadyDecided);
  return report;
}

/**
 * Approve: one transaction whose conditional update (pending → approved) picks the single
 * winner; only the winner refunds, through the one refund function (docs/decisions/049): a
 * purchase refunded already by another path (customer unreachable) is a 409 and the report
 * stays pending. Stripe purchases are refunded on the card; demo-mode or $0 purchases get a
 * recorded credit. A failed refund rolls the approval back.
 */
export async function approveReport(deps: ReportDeps, id: number, { note }: z.output<typeof reportDecisionNote>) {
  await pendingReport(deps.db, id);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const report = await repo.decidePendingReport(tx, id, "approved", note, now);
    if (!report) throw conflict(BAD_LEAD_MESSAGES.alreadyDecided);
    const purchase = await repo.findPurchase(tx, report.purchaseId);
    if (!purchase) throw notFound(BAD_LEAD_MESSAGES.notFound);
    // Released (unpurchased, back to the market) after the report: refunding now would pay
    // back a sale that no longer stands. Throwing rolls the approval back.
    if (purchase.releasedAt) throw conflict(BAD_LEAD_MESSAGES.released);
    const refund = await refundPurchase(tx, deps, { purchaseId: purchase.id, reason: "bad_lead", now });
    deps.logger?.info({ reportId: report.id, purchaseId: purchase.id, refundId: refund.id }, "bad-lead report approved and refunded");
    return repo.recordRefundOnReport(tx, report.id, { amount: refund.amount, reference: refund.reference ?? `credit:${refund.id}` });
  });
}

export async function rejectReport(deps: ReportDeps, id: number, { note }: z.output<typeof reportDecisionNote>) {
  if (!note) throw new AppError(400, BAD_LEAD_MESSAGES.noteRequired, { note: BAD_LEAD_MESSAGES.noteRequired });
  await pendingReport(deps.db, id);
  const report = await repo.decidePendingReport(deps.db, id, "rejected", note, deps.now());
  if (!report) throw conflict(BAD_LEAD_MESSAGES.alreadyDecided);
  return report;
}

export async function adminReportList(db: Db, args: { status?: "pending" | "approved" | "rejected"; limit: number; offset: number }) {
  const { rows, total } = await repo.listReports(db, args);
  const items: AdminReport[] = rows.map(({ report, purchase, lead, reporter }) => ({
    id: report.id,
    purchaseId: report.purchaseId,
    reason: report.reason,
    details: report.details,
    status: report.status,
    adminNote: report.adminNote,
    decidedAt: report.decidedAt?.toISOString() ?? null,
    refundAmount: report.refundAmount,
    refundReference: report.refundReference,
    createdAt: report.createdAt.toISOString(),
    reporter: {
      id: reporter?.id ?? 0,
      name: reporter ? [reporter.firstName, reporter.lastName].filter(Boolean).join(" ") || reporter.username : purchase.buyerName,
      companyName: reporter?.companyName ?? purchase.buyerCompany,
    },
    purchase: {
      amountPaid: purchase.amountPaid,
      purchasedAt: purchase.purchasedAt.toISOString(),
      paymentStatus: purchase.paymentStatus,
      hasCardPayment: Boolean(purchase.paymentIntentId),
    },
    lead: {
      id: lead.id,
      jobReference: lead.jobReference,
      serviceType: lead.serviceType,
      suburb: lead.suburb,
      state: lead.state,
      customerName: lead.customerName,
      customerPhone: lead.customerPhone,
    },
  }));
  return { items, total, limit: args.limit, offset: args.offset };
}

/** The reports of an owner's purchases, for the team's list. */
export { reportsOfOwner } from "./repo";
