// The Insights tab's two charts (docs/decisions/067-insights.md): the funnel from purchased to
// paid, and lead cost against revenue by the week the leads were bought. Each is an image with
// its figures in words beside it for screen readers. Its own chunk: recharts is large and only
// this tab needs it (React.lazy from InsightsTab).
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { InsightsResponse } from "@shared/insights";
import { formatSydneyDayMonth } from "@shared/sydney-time";
import { Card } from "@/components/ui/card";
import { formatMoney } from "@/lib/format";

const FUNNEL_STEPS = [
  { key: "leadsBought", label: "Purchased" },
  { key: "contacted", label: "Contacted" },
  { key: "quoted", label: "Quoted" },
  { key: "accepted", label: "Accepted" },
  { key: "booked", label: "Booked" },
  { key: "paid", label: "Paid" },
] as const;

function FunnelChart({ data }: { data: InsightsResponse }) {
  const steps = FUNNEL_STEPS.map((s) => ({ step: s.label, jobs: data[s.key] }));
  const words = steps.map((s) => `${s.step} ${s.jobs}`).join(", ");
  return (
    <figure data-testid="insights-funnel" className="min-w-0">
      <div className="h-64 w-full" role="img" aria-label={`Jobs at each step: ${words}`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={steps} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
            <YAxis type="category" dataKey="step" tick={{ fontSize: 12 }} width={80} />
            <Tooltip />
            <Bar dataKey="jobs" name="Jobs" fill="#1d4ed8" radius={[0, 4, 4, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">{words}</figcaption>
    </figure>
  );
}

function WeeklyChart({ data }: { data: InsightsResponse }) {
  const weeks = data.weeks.map((w) => ({ week: formatSydneyDayMonth(`${w.weekStart}T12:00:00+10:00`), spend: Number(w.spend), revenue: Number(w.revenue) }));
  const words = weeks.map((w) => `week of ${w.week}: cost ${formatMoney(w.spend)}, revenue ${formatMoney(w.revenue)}`).join("; ");
  return (
    <figure data-testid="insights-weekly" className="min-w-0">
      <div className="h-64 w-full" role="img" aria-label={`Lead cost and revenue ex-GST by the week the leads were bought: ${words}`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={weeks} margin={{ top: 8, right: 4, bottom: 0, left: -4 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="week" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
            <YAxis tick={{ fontSize: 11 }} width={64} tickFormatter={(v: number) => formatMoney(v, { wholeDollars: true })} />
            <Tooltip formatter={(value) => formatMoney(Number(value))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="spend" name="Lead cost" fill="#94a3b8" radius={[4, 4, 0, 0]} isAnimationActive={false} />
            <Bar dataKey="revenue" name="Revenue ex-GST" fill="#15803d" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">{words}</figcaption>
    </figure>
  );
}

export default function InsightsCharts({ data }: { data: InsightsResponse }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="min-w-0 p-4">
        <h3 className="mb-2 font-semibold">From purchase to paid</h3>
        <FunnelChart data={data} />
      </Card>
      <Card className="min-w-0 p-4">
        <h3 className="mb-2 font-semibold">Lead cost and revenue by week bought</h3>
        <WeeklyChart data={data} />
      </Card>
    </div>
  );
}
