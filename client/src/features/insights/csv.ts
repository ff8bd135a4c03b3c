// The Insights tab's CSV export (docs/decisions/067-insights.md): the period's figures, then one
// row per job behind them. Built on the device from the same answer the screen shows.
import type { InsightsResponse } from "@shared/insights";
import { DECLINE_REASON_LABELS } from "@shared/pipeline-jobs";
import { formatSydneyDateTime } from "@shared/sydney-time";

/** Quoted when needed; a cell a spreadsheet would run as a formula (=, +, -, @) starts with an apostrophe. */
function cell(value: string | number | boolean | null): string {
  let text = value === null ? "" : typeof value === "boolean" ? (value ? "yes" : "no") : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (values: Array<string | number | boolean | null>) => values.map(cell).join(",");

export function insightsCsv(data: InsightsResponse): string {
  const peer = data.peer;
  const figure = (name: string, mine: string | number | null, median: string | number | null | undefined) => line([name, mine, peer ? (median ?? null) : null]);
  const rows = [
    line([
      "Figure",
      "Yours",
      peer ? `Median of ${peer.electricians} electricians in ${peer.region}` : "Region median (not enough electricians nearby to compare)",
    ]),
    line(["Period", `${data.from} to ${data.to}`, null]),
    figure("Leads bought", data.leadsBought, peer?.leadsBought),
    figure("Lead spend (after discounts and refunds)", data.spend, peer?.spend),
    figure("Contacted", data.contacted, peer?.contacted),
    figure("Quoted", data.quoted, peer?.quoted),
    figure("Accepted", data.accepted, peer?.accepted),
    figure("Booked", data.booked, peer?.booked),
    figure("Paid", data.paid, peer?.paid),
    figure("Declined", data.declined, peer?.declined),
    ...Object.entries(data.declineReasons).map(([reason, n]) =>
      line([`Declined: ${DECLINE_REASON_LABELS[reason as keyof typeof DECLINE_REASON_LABELS]}`, n, null]),
    ),
    figure("Revenue ex-GST", data.revenue, peer?.revenue),
    figure("Return on lead spend", data.returnOnSpend, peer?.returnOnSpend),
    figure("Cost per won job", data.costPerWonJob, peer?.costPerWonJob),
    figure("Median minutes to first contact", data.medianMinutesToContact, peer?.medianMinutesToContact),
    "",
    line([
      "Job",
      "Service",
      "Suburb",
      "Bought (Sydney)",
      "Lead cost",
      "Revenue ex-GST",
      "Contacted",
      "Quoted",
      "Accepted",
      "Booked",
      "Paid",
      "Declined",
      "Decline reason",
      "Minutes to first contact",
    ]),
    ...data.jobs.map((j) =>
      line([
        j.jobReference,
        j.serviceType,
        j.suburb,
        formatSydneyDateTime(j.purchasedAt),
        j.cost,
        j.revenue,
        j.contacted,
        j.quoted,
        j.accepted,
        j.booked,
        j.paid,
        j.declined,
        j.declineReason ? DECLINE_REASON_LABELS[j.declineReason] : null,
        j.minutesToContact,
      ]),
    ),
  ];
  return rows.join("\r\n") + "\r\n";
}
