// Each test file gets its own empty, migrated database: a PGlite in memory loaded from the
// run's dump by default (or one an earlier file in this worker handed back, put back as the
// dump left it: server/test/pglite-reuse.ts), or, on the PostgreSQL server named by
// TEST_DATABASE_URL, a fresh database cloned from the run's template and dropped afterwards
// (server/test/global-setup.ts).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "../platform/db/client";
import { importSuburbsIfEmpty } from "../core/suburbs/import";
import { databaseUrl, type DatabaseTemplates } from "./global-setup";
import { pgliteDumps } from "./pglite-dumps";
import { reusedCopy } from "./pglite-reuse";

/**
 * A test file's PGlite holds a few megabytes, but starting one zeroes the default 128 MB buffer
 * pool and sizes shared memory for 100 connections: a third of its start-up, paid by every file
 * (docs/decisions/069-cheaper-test-databases.md). Its single connection needs neither.
 */
export const COPY_SETTINGS = { shared_buffers: "16MB", max_connections: "10" };

export interface TestDatabase extends Database {
  /** Closes the connection and drops the database (PostgreSQL), or hands the PGlite back for the next file. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(options: { suburbs?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const templates = runTemplates();
  let database: Database;
  let drop = async () => {};
  if (serverUrl) {
    const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
    const template = templates?.kind === "postgres" ? (options.suburbs ? templates.withSuburbs : templates.migrated) : null;
    await createPostgresDatabase(serverUrl, name, template);
    database = await openDatabase({ url: databaseUrl(serverUrl, name) });
    drop = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        // The pool's clients may still be saying goodbye: a forced drop would cut them with an
        // error nobody listens for any more. Wait (2 s at most) until the server has let them go.
        for (let i = 0; ; i++) {
          const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
          if (rows[0]!.n === 0) break;
          if (i === 40) {
            // Not a pool saying goodbye: something the file opened and never closed (an app made
            // with createApp keeps a LISTEN connection; server/test/app.ts appsToClose).
            console.warn(`test database ${name}: ${rows[0]!.n} connection(s) still open after 2 s; dropped anyway`);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    };
  } else {
    const copy = await reusedCopy(options.suburbs ? "with-suburbs" : "migrated", async () =>
      openDatabase({ dataDir: "memory://", template: await pgliteTemplate(options.suburbs), settings: COPY_SETTINGS }),
    );
    database = { ...copy.database, close: copy.handBack };
  }
  // Both are no-ops on a copy of a template; they keep the helper correct without one.
  await database.migrate();
  if (options.suburbs) await importSuburbsIfEmpty(database.db);
  return {
    ...database,
    async destroy() {
      await database.close();
      await drop();
    },
  };
}

async function createPostgresDatabase(serverUrl: string, name: string, template: string | null) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
        return;
      } catch (err) {
        // Two workers copying one template at the same moment: PostgreSQL refuses the second
        // ("source database is being accessed by other users") until the first copy is done.
        const busy = (err as { code?: string }).code === "55006";
        if (!busy || attempt >= 50) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
}

/** The templates server/test/global-setup.ts made for this run; none outside Vitest (e.g. `npm run bench`). */
function runTemplates(): DatabaseTemplates | null {
  if (!process.env.VITEST) return null;
  return inject("databaseTemplates") ?? null;
}

/**
 * The PGlite dump for this run: the one global setup wrote, or on a PostgreSQL run one built once
 * in this worker, so that the embedded start-up's tests copy it as on the embedded run instead of
 * migrating and importing the suburbs for each database (docs/decisions/071). None outside Vitest.
 */
export async function pgliteTemplate(withSuburbs = false): Promise<Blob | undefined> {
  const templates = runTemplates();
  if (!templates) return undefined;
  if (templates.kind === "postgres") {
    builtInThisWorker ??= pgliteDumps();
    const dumps = await builtInThisWorker;
    return withSuburbs ? dumps.withSuburbs : dumps.migrated;
  }
  return new Blob([await fs.promises.readFile(withSuburbs ? templates.withSuburbs : templates.migrated)]);
}
let builtInThisWorker: ReturnType<typeof pgliteDumps> | undefined;
