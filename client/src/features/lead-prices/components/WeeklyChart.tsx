// The median sale price by week (docs/decisions/066-price-tape.md). Its own chunk: recharts is
// large, and the page shows its table first (loaded with React.lazy from LeadPricesPage).
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "@/lib/format";
import type { MarketWeek } from "@shared/market-stats";

const weekLabel = (week: string) => new Date(`${week}T00:00:00Z`).toLocaleDateString("en-AU", { day: "numeric", month: "short", timeZone: "UTC" });

export default function WeeklyChart({ weeks, place }: { weeks: MarketWeek[]; place: string }) {
  const data = weeks.map((w) => ({ week: weekLabel(w.week), median: "suppressed" in w ? null : Number(w.medianPrice) }));
  const shown = weeks.filter((w) => !("suppressed" in w));
  return (
    <figure data-testid="weekly-chart">
      <div className="h-64 w-full" role="img" aria-label={`Median sale price by week in ${place}`}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="week" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
            <YAxis tick={{ fontSize: 11 }} width={48} tickFormatter={(v: number) => formatMoney(v, { wholeDollars: true })} />
            <Tooltip formatter={(value) => formatMoney(Number(value))} />
            <Line type="monotone" dataKey="median" name="Median price" stroke="#1d4ed8" strokeWidth={2} dot={{ r: 3 }} connectNulls={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        {shown.map((w) => `Week of ${weekLabel(w.week)}: median ${"medianPrice" in w ? formatMoney(w.medianPrice) : ""}`).join("; ")}
      </figcaption>
    </figure>
  );
}
