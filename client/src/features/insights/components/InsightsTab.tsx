// The dashboard's Insights tab (docs/decisions/067-insights.md): what the period's leads cost,
// how far their jobs went, what they brought back, and the region's medians beside each figure.
// Mounted only while the tab is open; its charts (recharts) are a chunk of their own, loaded then.
import { Download } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { INSIGHTS_MESSAGES, insightsQuery, PERIOD_CHOICES, presetPeriod, type InsightsJob, type InsightsResponse, type PeriodChoice } from "@shared/insights";
import { DECLINE_REASON_LABELS, type DeclineReason } from "@shared/pipeline-jobs";
import { formatSydneyDate } from "@shared/sydney-time";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input, NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatMinutes, formatMoney } from "@/lib/format";
import { useInsights } from "../api/get-insights";
import { insightsCsv } from "../csv";
const InsightsCharts = lazy(() => import("./InsightsCharts"));

type Peer = NonNullable<InsightsResponse["peer"]>;
type Value = string | number | null;

interface FigureSpec {
  title: string;
  value: (d: InsightsResponse) => Value;
  peer: (p: Peer) => Value;
  format: (v: number | string) => string;
  /** The jobs the figure counts, for its link to the pipeline. */
  jobs: (j: InsightsJob) => boolean;
}

const count = (v: number | string) => new Intl.NumberFormat("en-AU", { maximumFractionDigits: 1 }).format(Number(v));
const money = (v: number | string) => formatMoney(v);
const times = (v: number | string) => `${Number(v).toFixed(2)}×`;
const minutes = (v: number | string) => formatMinutes(Number(v));
const all = () => true;

const FIGURES: FigureSpec[] = [
  { title: "Leads bought", value: (d) => d.leadsBought, peer: (p) => p.leadsBought, format: count, jobs: all },
  { title: "Lead spend", value: (d) => d.spend, peer: (p) => p.spend, format: money, jobs: all },
  { title: "Quoted", value: (d) => d.quoted, peer: (p) => p.quoted, format: count, jobs: (j) => j.quoted },
  { title: "Accepted", value: (d) => d.accepted, peer: (p) => p.accepted, format: count, jobs: (j) => j.accepted },
  { title: "Booked", value: (d) => d.booked, peer: (p) => p.booked, format: count, jobs: (j) => j.booked },
  { title: "Paid", value: (d) => d.paid, peer: (p) => p.paid, format: count, jobs: (j) => j.paid },
  { title: "Declined", value: (d) => d.declined, peer: (p) => p.declined, format: count, jobs: (j) => j.declined },
  { title: "Revenue ex-GST", value: (d) => d.revenue, peer: (p) => p.revenue, format: money, jobs: (j) => Number(j.revenue) > 0 },
  { title: "Return on lead spend", value: (d) => d.returnOnSpend, peer: (p) => p.returnOnSpend, format: times, jobs: all },
  { title: "Cost per won job", value: (d) => d.costPerWonJob, peer: (p) => p.costPerWonJob, format: money, jobs: (j) => j.accepted },
  {
    title: "Median time to first contact",
    value: (d) => d.medianMinutesToContact,
    peer: (p) => p.medianMinutesToContact,
    format: minutes,
    jobs: (j) => j.minutesToContact !== null,
  },
];

const periodText = (d: { from: string; to: string }) => `${formatSydneyDate(`${d.from}T12:00:00+10:00`)} – ${formatSydneyDate(`${d.to}T12:00:00+10:00`)}`;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export interface InsightsTabProps {
  /** Opens the pipeline on exactly these jobs (the page switches the tab). */
  onShowJobs: (label: string, purchaseIds: number[]) => void;
}

export function InsightsTab({ onShowJobs }: InsightsTabProps) {
  const [choice, setChoice] = useState<PeriodChoice>("thisMonth");
  const [custom, setCustom] = useState(() => presetPeriod("lastMonth", new Date()));
  const checked = choice === "custom" ? insightsQuery.safeParse(custom) : null;
  const period = choice === "custom" ? (checked?.success ? checked.data : null) : presetPeriod(choice, new Date());
  const { data, isLoading, isError, error } = useInsights(period);

  return (
    <section aria-labelledby="insights-heading" className="space-y-4" data-testid="insights">
      <h2 id="insights-heading" className="text-xl font-bold">
        Insights
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <Label htmlFor="insights-period">Period</Label>
          <NativeSelect
            id="insights-period"
            value={choice}
            onChange={(e) => setChoice(e.target.value as PeriodChoice)}
            options={PERIOD_CHOICES}
            className="w-auto"
          />
        </div>
        {choice === "custom" && (
          <>
            <div>
              <Label htmlFor="insights-from">From</Label>
              <Input id="insights-from" type="date" value={custom.from} onChange={(e) => setCustom({ ...custom, from: e.target.value })} />
            </div>
            <div>
              <Label htmlFor="insights-to">To</Label>
              <Input id="insights-to" type="date" value={custom.to} onChange={(e) => setCustom({ ...custom, to: e.target.value })} />
            </div>
          </>
        )}
        <Button variant="outline" disabled={!data} onClick={() => data && download(`insights-${data.from}-to-${data.to}.csv`, insightsCsv(data))}>
          <Download aria-hidden /> Export CSV
        </Button>
      </div>
      {checked && !checked.success && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {checked.error.issues[0]?.message ?? INSIGHTS_MESSAGES.badDate}
        </p>
      )}
      {isError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error.message}
        </p>
      )}
      {isLoading && <p className="py-10 text-center text-slate-500">Loading your figures...</p>}
      {data && <InsightsFigures data={data} onShowJobs={onShowJobs} />}
    </section>
  );
}

function InsightsFigures({ data, onShowJobs }: { data: InsightsResponse; onShowJobs: InsightsTabProps["onShowJobs"] }) {
  const when = periodText(data);
  const show = (title: string, jobs: InsightsJob[]) =>
    onShowJobs(
      `“${title}”, ${when}`,
      jobs.map((j) => j.purchaseId),
    );
  return (
    <>
      <div className="space-y-1 text-sm text-slate-700">
        <p>
          {data.scope === "assigned" ? "The jobs assigned to you" : "Your business's market leads"} bought {when}.
        </p>
        <p data-testid="insights-peer">
          {data.peer
            ? `Beside each figure: the median of ${data.peer.electricians} other electricians in ${data.peer.region}.`
            : `${INSIGHTS_MESSAGES.notEnoughPeers}.`}
        </p>
      </div>
      <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3" aria-label="Figures">
        {FIGURES.map((f) => {
          const value = f.value(data);
          const jobs = data.jobs.filter(f.jobs);
          const peer = data.peer ? f.peer(data.peer) : undefined;
          return (
            <li key={f.title}>
              <Card className="flex h-full flex-col gap-1 p-4">
                <h3 className="text-sm font-medium text-slate-600">{f.title}</h3>
                <p className="text-2xl font-bold break-words text-slate-900">{value === null ? "—" : f.format(value)}</p>
                {peer !== undefined && <p className="text-sm text-slate-600">Median nearby: {peer === null ? "—" : f.format(peer)}</p>}
                {f.title === "Declined" && data.declined > 0 && <DeclineReasons counts={data.declineReasons} />}
                <Button
                  variant="link"
                  className="mt-auto h-auto justify-start p-0 text-left whitespace-normal"
                  disabled={jobs.length === 0}
                  onClick={() => show(f.title, jobs)}
                >
                  {jobs.length === 0 ? "No jobs" : `Show ${jobs.length === 1 ? "the job" : `the ${jobs.length} jobs`}`}
                  <span className="sr-only"> behind {f.title}</span>
                </Button>
              </Card>
            </li>
          );
        })}
      </ul>
      <Suspense fallback={<p className="py-10 text-center text-slate-500">Loading the charts...</p>}>
        <InsightsCharts data={data} />
      </Suspense>
    </>
  );
}

function DeclineReasons({ counts }: { counts: InsightsResponse["declineReasons"] }) {
  const given = (Object.entries(counts) as Array<[DeclineReason, number]>).filter(([, n]) => n > 0);
  return (
    <ul className="text-sm text-slate-600" aria-label="Why customers declined">
      {given.map(([reason, n]) => (
        <li key={reason}>
          {DECLINE_REASON_LABELS[reason]}: {n}
        </li>
      ))}
    </ul>
  );
}
