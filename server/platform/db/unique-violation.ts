// PostgreSQL's unique_violation (23505), wherever Drizzle or PGlite wrapped it: the one place that
// reads the driver's error, so every "already taken" answer looks through the wrappers the same way
// (and so does the pipelined connections' "never ran", server/platform/db/pipelined.ts).

type DriverError = { code?: string; constraint?: string; message?: string; cause?: unknown };

/** The driver's error inside `err` (itself, or a cause Drizzle or PGlite wrapped it in) whose SQLSTATE is one of `codes`. */
export function driverErrorOf(err: unknown, codes: readonly string[]): DriverError | undefined {
  for (let e = err as DriverError | undefined; e; e = e.cause as typeof e) if (e.code !== undefined && codes.includes(e.code)) return e;
  return undefined;
}

const violationOf = (err: unknown) => driverErrorOf(err, ["23505"]);

/** The violated unique constraint's name (the message when the driver gives none); undefined when `err` is no unique violation. */
export function uniqueViolationOf(err: unknown): string | undefined {
  const violation = violationOf(err);
  return violation && (violation.constraint ?? violation.message ?? "");
}

/** Whether `err` is a unique violation: of any constraint, or of `indexName` (any, when the driver names none). */
export function isUniqueViolation(err: unknown, indexName?: string): boolean {
  const violation = violationOf(err);
  if (!violation) return false;
  if (indexName === undefined || !violation.constraint) return true;
  return violation.constraint === indexName || Boolean(violation.message?.includes(indexName));
}
