import { randomInt } from "node:crypto";
import { isUniqueViolation } from "../../platform/db/unique-violation";

/**
 * A human-friendly, non-sequential reference such as AE-104271E. Random rather than the
 * row id so it neither reveals volume nor lets anyone guess other jobs' references; six
 * digits leave room for years of leads, and the unique index catches the rare collision.
 */
export function newJobReference(): string {
  return `AE-${randomInt(100000, 1000000)}E`;
}

const ATTEMPTS = 5;

/**
 * A drawn reference already taken, found without an error from the database (server/features/leads/repo.ts
 * insertLead): on PostgreSQL an error also costs the pool its connection.
 */
export class JobReferenceTaken extends Error {
  constructor() {
    super("job reference already taken");
  }
}

/**
 * Runs `insert` with a fresh reference, drawing again on a collision. `insert` should run
 * in its own (sub)transaction, so a collision inside a caller's transaction is retryable.
 */
export async function withFreshJobReference<T>(insert: (jobReference: string) => Promise<T>, next: () => string = newJobReference): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert(next());
    } catch (err) {
      if (attempt < ATTEMPTS && (err instanceof JobReferenceTaken || isUniqueViolation(err, "leads_job_reference_idx"))) continue;
      throw err;
    }
  }
}
