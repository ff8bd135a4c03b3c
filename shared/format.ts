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
