// Times are shown in Australia/Sydney, en-AU (docs/runtime.md section 3); money as dollars. The
// rules live in shared/ so the server's alerts and mail write them the same way.
export { formatKmAway, formatMinutes, formatMoney } from "@shared/format";
export { formatSydneyDate, formatSydneyDateTime } from "@shared/sydney-time";
export { telHref } from "@shared/phone";

const relative = new Intl.RelativeTimeFormat("en-AU", { numeric: "auto" });

/** "5 minutes ago", "yesterday", "3 days ago". */
export function formatRelative(iso: string | Date, now: Date = new Date()) {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return relative.format(seconds, "second");
  if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
  if (abs < 86400) return relative.format(Math.round(seconds / 3600), "hour");
  return relative.format(Math.round(seconds / 86400), "day");
}
