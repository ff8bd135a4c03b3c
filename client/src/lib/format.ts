// Times are shown in Australia/Sydney, en-AU (docs/runtime.md section 3); money as dollars, every
// amount through formatMoney so one screen never mixes "$1234.56" with "$1,234.56".
import { SYDNEY_ZONE } from "@shared/sydney-time";

const dateTime = new Intl.DateTimeFormat("en-AU", { timeZone: SYDNEY_ZONE, dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("en-AU", { timeZone: SYDNEY_ZONE, day: "numeric", month: "short", year: "numeric" });
const money = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });
const wholeMoney = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", minimumFractionDigits: 0, maximumFractionDigits: 0 });

export const formatSydneyDateTime = (iso: string | Date) => dateTime.format(new Date(iso));
export const formatSydneyDate = (iso: string | Date) => dateOnly.format(new Date(iso));
/** "$1,234.56"; with `wholeDollars`, "$1,235" for round figures (marketing copy, chart axes). */
export const formatMoney = (amount: string | number, { wholeDollars = false } = {}) => (wholeDollars ? wholeMoney : money).format(Number(amount));

const kilometres = new Intl.NumberFormat("en-AU", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** "12.4 km away", "3,290.2 km away": the server's one-decimal distance. */
export const formatKmAway = (km: number) => `${kilometres.format(km)} km away`;

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
