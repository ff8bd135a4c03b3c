// Money and distance as people read them, en-AU (docs/runtime.md section 3): every amount through
// formatMoney so one screen, e-mail or alert never mixes "$1234.56" with "$1,234.56". The
// client's screens and the server's alerts and mail both import this one module.

const money = /* @__PURE__ */ new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });
const wholeMoney = /* @__PURE__ */ new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** "$1,234.56"; with `wholeDollars`, "$1,235" for round figures (marketing copy, chart axes). */
export const formatMoney = (amount: string | number, { wholeDollars = false } = {}) => (wholeDollars ? wholeMoney : money).format(Number(amount));

const kilometres = /* @__PURE__ */ new Intl.NumberFormat("en-AU", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** "12.4 km": the server's one-decimal distance. */
export const formatKm = (km: number) => `${kilometres.format(km)} km`;
/** "12.4 km away", "3,290.2 km away". */
export const formatKmAway = (km: number) => `${formatKm(km)} away`;

/**
 * A duration in plain words, to the whole minute: "35 minutes", "6 h", "2 h 10 min". One rule for
 * every figure of minutes a person reads (Insights, the price tape, public profiles).
 */
export function formatMinutes(value: number): string {
  const minutes = Math.round(value);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
