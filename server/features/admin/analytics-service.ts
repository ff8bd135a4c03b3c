// GET /api/admin/analytics: docs/product.md section 3 "Admin analytics", every figure from SQL
// aggregates (analytics-repo.ts); this file only assembles them and fills empty months.
import type { AdminAnalytics, MonthFigures, RefundFigures } from "../../../shared/admin";
import { SALES_STAGES } from "../../../shared/enums";
import { fromCents, toCents } from "../../../shared/pricing";
import { lastMonths } from "../../../shared/sydney-time";
import type { Db } from "../../platform/db/client";
import { leadCounts, providerCounts, purchasesByStage, purchasesPerMonth, purchaseTotals, refundsByReason } from "./analytics-repo";

export async function adminAnalytics(db: Db, now: Date): Promise<AdminAnalytics> {
  const [totals, byStageRows, providers, months, leadsIn, refundRows] = await Promise.all([
    purchaseTotals(db),
    purchasesByStage(db),
    providerCounts(db),
    purchasesPerMonth(db, now),
    leadCounts(db),
    refundsByReason(db, now),
  ]);

  const purchasesByMonth: Record<string, MonthFigures> = {};
  for (const key of lastMonths(now, 12)) purchasesByMonth[key] = { purchases: 0, revenue: "0.00" };
  for (const row of months) if (purchasesByMonth[row.month]) purchasesByMonth[row.month] = { purchases: row.purchases, revenue: row.revenue };

  const byStage: Record<string, number> = Object.fromEntries(SALES_STAGES.map((stage) => [stage, 0]));
  for (const row of byStageRows) byStage[row.stage] = row.count;

  const refunds: RefundFigures = { count: 0, amount: "0.00", last30Days: { count: 0, amount: "0.00" }, byReason: {} };
  let [allCents, recentCents] = [0, 0];
  for (const row of refundRows) {
    refunds.byReason[row.reason] = { count: row.count, amount: row.amount, last30Days: { count: row.recentCount, amount: row.recentAmount } };
    refunds.count += row.count;
    refunds.last30Days.count += row.recentCount;
    allCents += toCents(row.amount);
    recentCents += toCents(row.recentAmount);
  }
  refunds.amount = fromCents(allCents);
  refunds.last30Days.amount = fromCents(recentCents);

  const revenueCents = toCents(totals.revenue);
  return {
    totalProviders: providers.total,
    activeProviders: providers.active,
    totalPurchases: totals.purchases,
    totalRevenue: totals.revenue,
    averageRevenuePerProvider: fromCents(providers.total ? Math.round(revenueCents / providers.total) : 0),
    purchasesByMonth,
    inboundLeads: leadsIn.inbound,
    conversionRate: leadsIn.inbound ? Math.round((leadsIn.converted / leadsIn.inbound) * 10_000) / 100 : 0,
    averageLeadValue: totals.averageValue,
    refunds,
    salesStages: {
      purchased: totals.purchased,
      called: totals.called,
      bookedIn: totals.bookedIn,
      safetyCheck: totals.safetyCheck,
      paid: totals.paid,
      finalised: totals.finalised,
      byStage,
    },
  };
}
