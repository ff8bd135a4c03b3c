import { FileText } from "lucide-react";
import { useId, useState } from "react";
import { statementPath } from "@shared/lead-invoices";
import { formatMonthKey, sydneyDayKey } from "@shared/sydney-time";

/**
 * "Nov 2026": the month of formatMonthKey ("Nov 26", which reads like a day here) with the full
 * year. A formatter of its own in shared/sydney-time.ts would grow the chunk every landing page loads.
 */
const monthLabel = (key: string) => `${formatMonthKey(key).split(" ")[0]} ${key.slice(0, 4)}`;

/** How many Sydney months back the statement can be chosen from: a financial year and its BAS quarter. */
const MONTHS = 15;

/**
 * This Sydney month and the ones before it, newest first. Counted here from sydneyDayKey rather
 * than with lastMonths: the landing pages load shared/sydney-time.ts's chunk, and every function
 * of it the client uses anywhere is in that chunk (lastMonths was 100 bytes over /get-quote's budget).
 */
function recentMonths(now: Date): string[] {
  const [year, month] = sydneyDayKey(now).split("-").map(Number) as [number, number];
  return Array.from({ length: MONTHS }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}

/**
 * The month's statement of lead fees, refunds and their GST as a PDF (docs/decisions/053-tax-documents-pdf.md):
 * a month to choose, newest first, and a plain download link (no script needed to fetch it).
 */
export function MonthlyStatement() {
  const months = recentMonths(new Date());
  const [month, setMonth] = useState(months[0]!);
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-slate-200 bg-white p-3 text-sm" data-testid="monthly-statement">
      <label htmlFor={id} className="font-semibold text-slate-800">
        Monthly statement
      </label>
      <select
        id={id}
        value={month}
        onChange={(e) => setMonth(e.target.value)}
        className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 sm:max-w-52 sm:flex-none"
      >
        {months.map((key) => (
          <option key={key} value={key}>
            {monthLabel(key)}
          </option>
        ))}
      </select>
      <a
        href={statementPath(month)}
        download
        className="inline-flex h-11 items-center gap-1.5 rounded-lg border border-slate-300 px-3 font-semibold text-brand-700 hover:bg-slate-50"
      >
        <FileText className="size-4" aria-hidden /> Download PDF
      </a>
      <p className="w-full text-xs text-slate-500">Lead fees, refunds and the GST in them, for your BAS. Each lead&apos;s tax invoice is on its row below.</p>
    </div>
  );
}
