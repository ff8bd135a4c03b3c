// Tests that only PostgreSQL can run meaningfully, skipped on the embedded default (PGlite)
// with the reason printed, so `npm test` still passes with no database server and says what
// it left out. The usual reason: PGlite runs one transaction at a time, so a test that fires
// requests at once to prove a row lock or a conditional update passes there even with that
// guard deleted. Where a guard can be reached without contention, its file keeps a test of it
// that runs on PGlite too (e.g. the second of two sequential calls finding nothing to change).
import { describe, it, type TestFunction } from "vitest";

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const RACE = "skipped on PGlite: one transaction at a time, cannot fail without the guard (TEST_DATABASE_URL runs it)";
const told = new Set<string>();

function sayWhySkipped(name: string, reason: string) {
  if (onPostgres) return;
  if (!told.has(reason)) console.info(reason);
  told.add(reason);
  console.info(`  - ${name}`);
}

/** `it` on PostgreSQL; skipped on PGlite, with the reason printed. */
export function itOnPostgres(name: string, fn: TestFunction, timeout?: number) {
  sayWhySkipped(name, RACE);
  it.runIf(onPostgres)(name, fn, timeout);
}

/** `describe` on PostgreSQL (its hooks too); skipped on PGlite, with the reason printed. */
export function describeOnPostgres(name: string, fn: () => void, reason = RACE) {
  sayWhySkipped(name, reason);
  describe.runIf(onPostgres)(name, fn);
}
