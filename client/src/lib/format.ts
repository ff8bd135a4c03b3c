// Times are shown in Australia/Sydney, en-AU (DESIGN.md section 3); money as dollars.
const SYDNEY = "Australia/Sydney";

const dateTime = new Intl.DateTimeFormat("en-AU", { timeZone: SYDNEY, dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("en-AU", { timeZone: SYDNEY, day: "numeric", month: "short", year: "numeric" });
const money = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

export const formatSydneyDateTime = (iso: string | Date) => dateTime.format(new Date(iso));
export const formatSydneyDate = (iso: string | Date) => dateOnly.format(new Date(iso));
export const formatMoney = (amount: string | number) => money.format(Number(amount));

/** "tel:" link from a displayed number such as "1300 000 000". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

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
