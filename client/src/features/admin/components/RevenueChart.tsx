// Purchases (bars) and revenue (line) for the last 12 Sydney months. Its own chunk: recharts
// is large and only the operator needs it (loaded with React.lazy from OverviewTab).
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "@/lib/format";
import { formatMonthKey } from "@shared/sydney-time";
import type { MonthFigures } from "@shared/admin";

export default function RevenueChart({ months }: { months: Record<string, MonthFigures> }) {
  const data = Object.entries(months).map(([key, m]) => ({
    key,
    month: formatMonthKey(key),
    purchases: m.purchases,
    revenue: Number(m.revenue),
  }));
  const total = data.reduce((sum, d) => sum + d.purchases, 0);
  return (
    <figure data-testid="revenue-chart">
      <div className="h-72 w-full" role="img" aria-label={`Purchases and revenue for the last 12 months: ${total} purchases`}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -12 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="month" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
            <YAxis yAxisId="count" allowDecimals={false} tick={{ fontSize: 11 }} width={36} />
            <YAxis
              yAxisId="money"
              orientation="right"
              tick={{ fontSize: 11 }}
              width={48}
              tickFormatter={(v: number) => formatMoney(v, { wholeDollars: true })}
            />
            <Tooltip formatter={(value, name) => (name === "Revenue" ? formatMoney(Number(value)) : String(value))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar yAxisId="count" dataKey="purchases" name="Purchases" fill="#1d4ed8" radius={[4, 4, 0, 0]} />
            <Line yAxisId="money" type="monotone" dataKey="revenue" name="Revenue" stroke="#f59e0b" strokeWidth={2} dot={{ r: 3 }} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">{data.map((d) => `${d.month}: ${d.purchases} purchases, ${formatMoney(d.revenue)}`).join("; ")}</figcaption>
    </figure>
  );
}
