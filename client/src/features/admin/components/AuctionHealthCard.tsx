// The auction's health by region and week (docs/decisions/066-price-tape.md): one region at a
// time, the busiest first, its last weeks newest first. Five short columns, so a phone reads the
// table without sideways scrolling.
import { Gavel } from "lucide-react";
import { useMemo, useState } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/paged-list";
import { Spinner } from "@/components/ui/spinner";
import { formatMoney } from "@/lib/format";
import { formatSydneyDayMonth } from "@shared/sydney-time";
import type { AuctionHealth } from "@shared/market-stats";
import { useAuctionHealth } from "../api/auction-health";

type Row = AuctionHealth["rows"][number];

/** Regions by their sales over the whole period, busiest first; a region is one state's part of an SA4 area. */
function regionsOf(rows: Row[]) {
  const byKey = new Map<string, { key: string; label: string; state: string; sales: number; weeks: Row[] }>();
  for (const row of rows) {
    const key = `${row.state}|${row.region}`;
    const region = byKey.get(key) ?? { key, label: row.label, state: row.state, sales: 0, weeks: [] };
    region.sales += row.sales;
    region.weeks.push(row);
    byKey.set(key, region);
  }
  const regions = [...byKey.values()].sort((a, b) => b.sales - a.sales || a.label.localeCompare(b.label));
  for (const region of regions) region.weeks.sort((a, b) => b.week.localeCompare(a.week));
  return regions;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

export function AuctionHealthCard() {
  const health = useAuctionHealth();
  const regions = useMemo(() => regionsOf(health.data?.rows ?? []), [health.data]);
  const [picked, setPicked] = useState<string | null>(null);
  const region = regions.find((r) => r.key === picked) ?? regions[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gavel className="size-5 text-brand-700" aria-hidden /> Auction health by region
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {health.isPending ? (
          <Spinner label="Loading the auction's health" />
        ) : !health.data ? (
          <ErrorState title="Could not load the auction's health" error={health.error} onRetry={() => void health.refetch()} retrying={health.isFetching} />
        ) : !region ? (
          <p className="text-sm text-slate-600">No sales or unsold listings in the last 13 weeks yet.</p>
        ) : (
          <>
            <label className="grid gap-1 text-sm font-medium text-slate-700">
              Region
              <select
                className="h-11 min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900"
                value={region.key}
                onChange={(e) => setPicked(e.target.value)}
              >
                {regions.map((r) => (
                  <option key={r.key} value={r.key}>
                    {r.label}, {r.state} ({r.sales} sold)
                  </option>
                ))}
              </select>
            </label>
            <table className="w-full table-fixed text-left text-sm" data-testid="auction-health">
              <caption className="sr-only">
                {region.label}, {region.state}: each week's sales, unsold share, median minutes to sale and median price against the median starting price
              </caption>
              <thead className="text-xs text-slate-500">
                <tr>
                  <th scope="col" className="w-[18%] py-2 font-medium">
                    Week of
                  </th>
                  <th scope="col" className="w-[13%] py-2 text-right font-medium">
                    Sold
                  </th>
                  <th scope="col" className="w-[17%] py-2 text-right font-medium">
                    Unsold
                  </th>
                  <th scope="col" className="w-[20%] py-2 text-right font-medium">
                    Min. to sale
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Price / start
                  </th>
                </tr>
              </thead>
              <tbody>
                {region.weeks.map((w) => (
                  <tr key={w.week} className="border-t border-slate-100">
                    <th scope="row" className="py-2 font-medium text-slate-900">
                      {formatSydneyDayMonth(`${w.week}T00:00:00Z`)}
                    </th>
                    <td className="py-2 text-right tabular-nums">{w.sales}</td>
                    <td className="py-2 text-right tabular-nums">{percent(w.unsoldShare)}</td>
                    <td className="py-2 text-right tabular-nums">{w.medianMinutesToSale ?? "-"}</td>
                    <td className="py-2 text-right tabular-nums">
                      {w.medianPrice ? formatMoney(w.medianPrice) : "-"} / {w.medianStartingPrice ? formatMoney(w.medianStartingPrice) : "-"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="text-xs text-slate-500">
              Medians of the week's sales (minutes from going on sale); Unsold is the share of listings whose price fell to $0 with nobody buying. Counted by
              the price tape, at most a minute behind.
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
