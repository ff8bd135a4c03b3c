// Whether the database has every migration this code ships (docs/decisions/095-readiness-and-
// metrics.md): Drizzle records each applied migration with its journal entry's `when`; the code's
// newest is the journal's last. An instance behind its database's schema, or ahead of it, is not
// ready to serve.
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
    const result = await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`);
    const rows = (result as unknown as { rows: Array<{ newest: string | null }> }).rows;
    return Number(rows[0]?.newest ?? 0) === head;
  };
}
