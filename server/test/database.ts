// Each test file gets its own empty, migrated database: PGlite in memory by default, or a
// fresh database on the PostgreSQL server named by TEST_DATABASE_URL, dropped afterwards.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { importSuburbsIfEmpty } from "../suburbs/import";

export interface TestDatabase extends Database {
  /** Closes the connection and drops the database (PostgreSQL). */
  destroy(): Promise<void>;
}

export async function createTestDatabase(options: { suburbs?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let drop = async () => {};
  if (serverUrl) {
    const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString() });
    drop = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    database = await openDatabase({ dataDir: "memory://", template: await pgliteTemplate(options.suburbs) });
  }
  // Both are no-ops on a copy of the template; they keep the helper correct without one.
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

/** The dump server/test/global-setup.ts made for this run, if any (not under e.g. `npm run bench`). */
export async function pgliteTemplate(withSuburbs = false): Promise<Blob | undefined> {
  if (!process.env.VITEST) return undefined;
  const templates = inject("pgliteTemplates");
  if (!templates) return undefined;
  return new Blob([await fs.promises.readFile(withSuburbs ? templates.withSuburbs : templates.migrated)]);
}
