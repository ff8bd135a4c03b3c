// Overview (SPEC.md section 2): four tiles, 'Lead Analytics', 'Sales Pipeline' and the
// purchases-and-revenue chart, which loads recharts only when this tab shows.
import { BarChart3, DollarSign, ShoppingCart, UserCheck, Users } from "lucide-react";
import { lazy, Suspense, type ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatMoney } from "@/lib/format";
import type { AdminAnalytics } from "@shared/admin";
import { SALES_STAGE_LABELS } from "@shared/labels";
import { ErrorState } from "./bits";

const RevenueChart = lazy(() => import("./RevenueChart"));

function Tile({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 [&_svg]:size-5">{icon}</span>
      <div className="min-w-0">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
        <p className="truncate text-2xl font-bold text-slate-900">{value}</p>
      </div>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-slate-100 py-2 last:border-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

export function OverviewTab({
  analytics,
  error,
  onRetry,
  retrying,
}: {
  analytics: AdminAnalytics | undefined;
  error: Error | null;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (!analytics) return <ErrorState title="Could not load analytics" error={error} onRetry={onRetry} retrying={retrying} />;
  const stages = analytics.salesStages;
  return (
    <div className="grid gap-6">
      <section aria-label="Totals" className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4">
        <Tile label="Total Providers" value={analytics.totalProviders} icon={<Users />} />
        <Tile label="Active Providers" value={analytics.activeProviders} icon={<UserCheck />} />
        <Tile label="Total Revenue" value={formatMoney(analytics.totalRevenue)} icon={<DollarSign />} />
        <Tile label="Total Purchases" value={analytics.totalPurchases} icon={<ShoppingCart />} />
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Lead Analytics</CardTitle>
          </CardHeader>
          <CardContent>
            <dl>
              <Figure label="Inbound Leads" value={analytics.inboundLeads} />
              <Figure label="Conversion Rate" value={`${analytics.conversionRate.toFixed(1)}%`} />
              <Figure label="Average Lead Value" value={formatMoney(analytics.averageLeadValue)} />
              <Figure label="Avg Revenue per Provider" value={formatMoney(analytics.averageRevenuePerProvider)} />
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Sales Pipeline</CardTitle>
          </CardHeader>
          <CardContent>
            <dl>
              <Figure label={SALES_STAGE_LABELS.purchased} value={stages.purchased} />
              <Figure label={SALES_STAGE_LABELS.called} value={stages.called} />
              <Figure label={SALES_STAGE_LABELS.booked_in} value={stages.bookedIn} />
              <Figure label="Safety Check" value={stages.safetyCheck} />
              <Figure label={SALES_STAGE_LABELS.invoice_paid} value={stages.paid} />
              <Figure label="Finalised" value={stages.finalised} />
            </dl>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <BarChart3 className="size-5 text-brand-700" aria-hidden /> Purchases and revenue by month
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Suspense
            fallback={
              <div className="flex h-72 items-center justify-center">
                <Spinner label="Loading chart" />
              </div>
            }
          >
            <RevenueChart months={analytics.purchasesByMonth} />
          </Suspense>
        </CardContent>
      </Card>
    </div>
  );
}
