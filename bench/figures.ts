// What every bench section shares: the smoke switch and the check that stops a broken measure.
// A figure of NaN, Infinity, 0 or less is never "slow": it means the measure broke (a buyer
// refused, a route answering 4xx), so the bench stops with an error instead of printing it.

/** `npm run bench:smoke` (or `--smoke`): every section at tiny sizes, nothing written to the docs. */
export const SMOKE = process.argv.includes("--smoke") || process.env.BENCH_SMOKE === "1";

/** The full run's size, or the smoke run's. */
export const size = (full: number, smoke: number) => (SMOKE ? smoke : full);

/** The PostgreSQL server to measure on, if any: BENCH_DATABASE_URL, else DATABASE_URL. */
export const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

/** `value` when it is a real measure (finite and above 0); otherwise throws, naming `what`. */
export function measured(what: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`bench: ${what} came out ${value}, so that measure is broken; stopping without writing figures`);
  return value;
}

/** Throws unless every answer had one of the `expected` statuses (a 403 is quick, and says nothing about speed). */
export function onlyStatuses(what: string, statuses: Record<string, number>, expected: string[]) {
  const wrong = Object.entries(statuses).filter(([code]) => !expected.includes(code));
  if (wrong.length > 0)
    throw new Error(`bench: ${what} answered ${wrong.map(([code, n]) => `${code}×${n}`).join(", ")} (expected only ${expected.join(" or ")})`);
}
