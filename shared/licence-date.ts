// A licence's expiry in words, without Zod: the dashboard's verification notice reads it in the
// first load (docs/decisions/118-zod-out-of-the-dashboards-first-load.md).

/** "12 May 2027" from "2027-05-12" (no time zone involved: it is a calendar date). */
export function formatLicenceDate(key: string): string {
  const [y, m, d] = key.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}
