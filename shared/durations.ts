// Lengths of time in milliseconds, spelled once. A "day" here is 24 hours of elapsed time; a
// calendar day in Sydney (which can be 23 or 25 hours) is shared/sydney-time.ts's question.
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
