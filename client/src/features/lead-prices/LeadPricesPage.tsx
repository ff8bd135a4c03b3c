// /lead-prices: the public price tape (docs/decisions/066-price-tape.md). No sign-in; the filters
// live in the address, so a view can be shared and crawled. Groups under 5 sales show no figures.
import { lazy, Suspense } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { PublicLayout } from "@/components/layout/PublicLayout";
import { formatMinutes, formatMoney } from "@/lib/format";
import { usePageMeta } from "@/lib/seo";
import { LEAD_PRICES_PAGE } from "@shared/lead-prices-page";
import { MARKET_GROUPINGS, MARKET_WINDOWS, MIN_PUBLISHED_SALES, type MarketGrouping, type MarketStatsRow, type MarketWindow } from "@shared/market-stats";
import { AUSTRALIAN_STATES } from "@shared/state-time";
import { SYDNEY_ZONE } from "@shared/sydney-time";
import { useMarketStats, type PriceTapeFilters } from "./api/get-market-stats";

const WeeklyChart = lazy(() => import("./components/WeeklyChart"));

const GROUPING_LABELS: Record<MarketGrouping, string> = {
  state: "State",
  region: "Region",
  suburb: "Suburb",
  serviceType: "Job type",
  hour: "Hour it went on sale",
};

/** The address's filters, anything unknown replaced by the default. */
function filtersOf(search: string): PriceTapeFilters {
  const params = new URLSearchParams(search);
  const days = Number(params.get("days"));
  const groupBy = params.get("groupBy") as MarketGrouping;
  const state = params.get("state")?.toUpperCase();
  return {
    days: (MARKET_WINDOWS as readonly number[]).includes(days) ? (days as MarketWindow) : 30,
    groupBy: MARKET_GROUPINGS.includes(groupBy) ? groupBy : "state",
    state: state && (AUSTRALIAN_STATES as readonly string[]).includes(state) ? state : undefined,
  };
}

const searchOf = (f: PriceTapeFilters) =>
  `?${new URLSearchParams({ days: String(f.days), groupBy: f.groupBy, ...(f.state && { state: f.state }) }).toString()}`;

const minutes = (m: number) => formatMinutes(m);
const percent = (share: number) => `${(share * 100).toLocaleString("en-AU", { maximumFractionDigits: 1 })}%`;

/** The share of listings that fell to $0 with no buyer, in plain words (docs/decisions/085-an-honest-public-profile.md). */
const UNSOLD_LABEL = "Unsold until free";

export function LeadPricesPage() {
  usePageMeta(LEAD_PRICES_PAGE);
  const [, navigate] = useLocation();
  const filters = filtersOf(useSearch());
  const { data, isError, isLoading } = useMarketStats(filters);
  const change = (next: Partial<PriceTapeFilters>) => navigate(`/lead-prices${searchOf({ ...filters, ...next })}`, { replace: true });
  const shownWeeks = data?.weeks.filter((w) => !("suppressed" in w)) ?? [];
  return (
    <PublicLayout>
      <article className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">What electrical leads sell for</h1>
        <p className="mt-3 max-w-3xl leading-relaxed text-slate-700">
          Every lead on {""}
          <Link href="/for-providers" className="text-brand-700 underline">
            our market
          </Link>{" "}
          starts at a price and falls to $0 over an hour; the first electrician to buy takes it. These are the prices they really sold at. {UNSOLD_LABEL} is the
          share whose price fell all the way to $0 with nobody buying. A group with fewer than {MIN_PUBLISHED_SALES} sales shows no figures, so no single sale
          can be picked out.
        </p>

        <form className="mt-6 grid gap-4 sm:grid-cols-3" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Period
            <select
              className="h-11 rounded-lg border border-slate-300 bg-white px-3"
              value={filters.days}
              onChange={(e) => change({ days: Number(e.target.value) as MarketWindow })}
            >
              {MARKET_WINDOWS.map((d) => (
                <option key={d} value={d}>
                  Last {d} days
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Group by
            <select
              className="h-11 rounded-lg border border-slate-300 bg-white px-3"
              value={filters.groupBy}
              onChange={(e) => change({ groupBy: e.target.value as MarketGrouping })}
            >
              {MARKET_GROUPINGS.map((g) => (
                <option key={g} value={g}>
                  {GROUPING_LABELS[g]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            State
            <select
              className="h-11 rounded-lg border border-slate-300 bg-white px-3"
              value={filters.state ?? ""}
              onChange={(e) => change({ state: e.target.value || undefined })}
            >
              <option value="">All of Australia</option>
              {AUSTRALIAN_STATES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        </form>

        {data && (
          <p className="mt-4 text-sm text-slate-600">
            Sales from {new Date(data.from).toLocaleDateString("en-AU", { dateStyle: "medium", timeZone: SYDNEY_ZONE })} to{" "}
            {new Date(data.to).toLocaleString("en-AU", { dateStyle: "medium", timeStyle: "short", timeZone: SYDNEY_ZONE })} (Sydney time).
          </p>
        )}
        {isError && <p className="mt-6 text-slate-700">The figures could not be loaded just now. Please try again in a minute.</p>}
        {isLoading && <p className="mt-6 text-slate-500">Loading the figures…</p>}
        {data && data.rows.length === 0 && <p className="mt-6 text-slate-700">No leads finished their auction here in this period.</p>}
        {data && data.rows.length > 0 && <FiguresTable rows={data.rows} grouping={GROUPING_LABELS[filters.groupBy]} />}

        <section aria-labelledby="by-week" className="mt-10">
          <h2 id="by-week" className="text-xl font-bold text-slate-900">
            Median sale price by week
          </h2>
          {!filters.state && <p className="mt-2 text-slate-700">Choose a state to see its median price week by week.</p>}
          {filters.state && data && shownWeeks.length === 0 && <p className="mt-2 text-slate-700">Not enough sales in {filters.state} to show any week.</p>}
          {filters.state && data && shownWeeks.length > 0 && (
            <Suspense fallback={<div className="h-64" />}>
              <WeeklyChart weeks={data.weeks} place={filters.state} />
            </Suspense>
          )}
        </section>
      </article>
    </PublicLayout>
  );
}

/** One row per group: a table on wide screens, a card per group on a phone. */
function FiguresTable({ rows, grouping }: { rows: MarketStatsRow[]; grouping: string }) {
  return (
    <div className="mt-6">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Lead sale prices by {grouping.toLowerCase()}</caption>
        <thead className="hidden sm:table-header-group">
          <tr className="border-b border-slate-300 text-slate-600">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {grouping}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Sales
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Median price
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Middle half
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Median time to sell
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              {UNSOLD_LABEL}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="grid grid-cols-2 gap-x-3 border-b border-slate-200 py-3 sm:table-row sm:py-0">
              <th scope="row" className="col-span-2 break-words py-1 pr-3 font-semibold text-slate-900 sm:py-2 sm:[overflow-wrap:anywhere]">
                {row.label}
              </th>
              {"suppressed" in row ? (
                <td className="col-span-2 py-1 text-slate-600 sm:py-2 sm:text-right" colSpan={5}>
                  Fewer than {MIN_PUBLISHED_SALES} sales (or too few to show apart): no figures
                </td>
              ) : (
                <>
                  <Cell label="Sales">{row.sales}</Cell>
                  <Cell label="Median price">{formatMoney(row.medianPrice)}</Cell>
                  <Cell label="Middle half">
                    {formatMoney(row.p25Price)} to {formatMoney(row.p75Price)}
                  </Cell>
                  <Cell label="Median time to sell">{minutes(row.medianMinutesToSale)}</Cell>
                  <Cell label={UNSOLD_LABEL}>{percent(row.unsoldShare)}</Cell>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A figure, labelled on a phone (where the table's head is hidden). */
const Cell = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <td className="py-1 tabular-nums sm:py-2 sm:pr-3 sm:text-right">
    <span className="block text-xs text-slate-500 sm:hidden">{label}</span>
    <span className="font-medium text-slate-900">{children}</span>
  </td>
);
