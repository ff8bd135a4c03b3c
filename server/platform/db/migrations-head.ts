// Whether the database has every migration this code ships (docs/decisions/095-readiness-and-
// metrics.md): Drizzle records each applied migration with its journal entry's `when`; the code's
// newest is the journal's last. An instance whose newest migration the database lacks is not ready
// to serve; a database ahead of the code is: migrations only add (docs/operations.md), and during a
// deploy the first new instance migrates while the old ones must go on serving until it is ready
// (docs/decisions/098-restarts-without-a-dropped-request.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { MIGRATIONS_FOLDER } from "./client";

/** The newest migration's `when` in the code's own journal, read once. */
function newestInCode(folder: string): number {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((e) => e.when));
}

export function migrationsHead(db: Db, folder = MIGRATIONS_FOLDER) {
  const head = newestInCode(folder);
  return async (): Promise<boolean> => {
    const result = await db.execute(sql`select exists (select 1 from drizzle.__drizzle_migrations where created_at = ${head}) as applied`);
    const rows = (result as unknown as { rows: Array<{ applied: boolean }> }).rows;
    return rows[0]?.applied === true;
  };
}
