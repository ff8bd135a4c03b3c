// GET /api/admin/analytics: docs/product.md section 3 "Admin analytics", every figure from SQL
// aggregates (analytics-repo.ts); this file only assembles them and fills empty months.
import type { AdminAnalytics, MonthFigures } from "../../shared/admin";
import { SALES_STAGES } from "../../shared/enums";
import { fromCents, toCents } from "../../shared/pricing";
import { lastMonths } from "../../shared/sydney-time";
import type { Db } from "../db/client";
import { leadCounts, providerCounts, purchasesByStage, purchasesPerMonth, purchaseTotals } from "./analytics-repo";

export async function adminAnalytics(db: Db, now: Date): Promise<AdminAnalytics> {
  const [totals, byStageRows, providers, months, leadsIn] = await Promise.all([
    purchaseTotals(db),
    purchasesByStage(db),
    providerCounts(db),
    purchasesPerMonth(db, now),
    leadCounts(db),
  ]);

  const purchasesByMonth: Record<string, MonthFigures> = {};
  for (const key of lastMonths(now, 12)) purchasesByMonth[key] = { purchases: 0, revenue: "0.00" };
  for (const row of months) if (purchasesByMonth[row.month]) purchasesByMonth[row.month] = { purchases: row.purchases, revenue: row.revenue };

  const byStage: Record<string, number> = Object.fromEntries(SALES_STAGES.map((stage) => [stage, 0]));
  for (const row of byStageRows) byStage[row.stage] = row.count;

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
