// Overview (docs/product.md section 2): four tiles, 'Lead Analytics', 'Sales Pipeline', refunds,
// the auction's health by region and the purchases-and-revenue chart, which loads recharts only
// when this tab shows.
import { BarChart3, DollarSign, ShoppingCart, UserCheck, Users } from "lucide-react";
import { lazy, Suspense, type ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ErrorState } from "@/components/ui/paged-list";
import { formatMoney } from "@/lib/format";
import { ACTIVE_PROVIDERS_DEFINITION, type AdminAnalytics } from "@shared/admin";
import { SALES_STAGE_LABELS } from "@shared/labels";
import { SELECTABLE_STAGES } from "@shared/pipeline-tabs";
import { REFUND_REASON_LABELS, type RefundReason } from "@shared/refunds";
import { AuctionHealthCard } from "./AuctionHealthCard";

const RevenueChart = lazy(() => import("./RevenueChart"));

/** `hint` says what the figure counts, on the tile itself (docs/decisions/032): as a tooltip and in words under it. */
function Tile({ label, value, icon, hint }: { label: string; value: ReactNode; icon: ReactNode; hint?: string }) {
  return (
    <Card className="flex items-center gap-3 p-4" title={hint}>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 [&_svg]:size-5">{icon}</span>
      <div className="min-w-0">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
        <p className="truncate text-2xl font-bold text-slate-900">{value}</p>
        {hint && <p className="text-xs text-slate-500">{hint}</p>}
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
  const listed = new Set<string>(SELECTABLE_STAGES);
  const older = Object.entries(stages.byStage).reduce((sum, [stage, n]) => (listed.has(stage) ? sum : sum + n), 0);
  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Overview</h2>
      <section aria-label="Totals" className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4">
        <Tile label="Total Providers" value={analytics.totalProviders} icon={<Users />} />
        <Tile label="Active Providers" value={analytics.activeProviders} icon={<UserCheck />} hint={ACTIVE_PROVIDERS_DEFINITION} />
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
            {/* Every stage a purchase can be in, so the rows add up to Total Purchases (docs/decisions/032). */}
            <dl data-testid="sales-pipeline">
              {SELECTABLE_STAGES.map((stage) => (
                <Figure key={stage} label={SALES_STAGE_LABELS[stage]} value={stages.byStage[stage] ?? 0} />
              ))}
              {older > 0 && <Figure label="Older stages (picked up, delivered)" value={older} />}
              <Figure label="Total" value={analytics.totalPurchases} />
            </dl>
          </CardContent>
        </Card>
      </div>

      {/* From the refund rows, one per refunded purchase (docs/decisions/049). */}
      <Card>
        <CardHeader>
          <CardTitle>Refunds</CardTitle>
        </CardHeader>
        <CardContent>
          <dl data-testid="refunds">
            {(Object.keys(REFUND_REASON_LABELS) as RefundReason[]).map((reason) => {
              const figures = analytics.refunds.byReason[reason];
              return figures ? (
                <Figure
                  key={reason}
                  label={`${REFUND_REASON_LABELS[reason]} (${figures.last30Days.count} in the last 30 days)`}
                  value={`${figures.count} · ${formatMoney(figures.amount)}`}
                />
              ) : null;
            })}
            <Figure
              label={`Total (${analytics.refunds.last30Days.count} in the last 30 days)`}
              value={`${analytics.refunds.count} · ${formatMoney(analytics.refunds.amount)}`}
            />
          </dl>
        </CardContent>
      </Card>

      <AuctionHealthCard />

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
