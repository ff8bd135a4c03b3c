// Backups restored (docs/decisions/096-backups.md): a database with rows in many tables is backed
// up, restored into an empty one, and every table compared row for row (a digest of its rows as
// text), on the embedded default and on PostgreSQL; a restore over live data is refused.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { contactAttempts, paymentDisputes } from "../../shared/schema";
import { openDatabase, type Db } from "../platform/db/client";
import { databaseUrl } from "../test/global-setup";
import { COPY_SETTINGS, createTestDatabase, pgliteTemplate } from "../test/database";
import { describeOnPostgres, onPostgres } from "../test/postgres-only";
import { backup, restore } from "./backup";
import { createPurchase, createUser } from "./factories";

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "backup-test-"));
afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

/** Rows in several tables, with the kinds of values a backup must carry: text with quotes and newlines, money, times, JSON, nulls. */
async function fill(db: Db) {
  const buyer = await createUser(db, { firstName: "Mary", lastName: "O'Neil-Smith", companyName: "Volt & Co" });
  const purchase = await createPurchase(db, buyer.id, {
    lead: { electricalWork: 'Switchboard\nupgrade, "urgent" — 3 phase' },
    purchase: { amountPaid: "52.35" },
  });
  await db.insert(contactAttempts).values({ purchaseId: purchase.id, userId: buyer.id, channel: "call", outcome: "reached" });
  await db.insert(paymentDisputes).values({
    stripeDisputeId: "dp_backup",
    chargeId: "ch_backup",
    purchaseId: purchase.id,
    amountCents: 5235,
    currency: "aud",
    reason: "fraudulent",
    status: "needs_response",
    changedAt: new Date("2026-11-20T01:02:03.456Z"),
  });
}

/** Every table's row count and a digest of its rows as text, by schema and name. */
async function tablesOf(db: Db): Promise<Record<string, { rows: number; digest: string }>> {
  const names = (
    (await db.execute(
      sql`select table_schema as schema, table_name as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
    )) as unknown as { rows: Array<{ schema: string; name: string }> }
  ).rows;
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const { schema, name } of names) {
    const table = sql.raw(`"${schema}"."${name}"`);
    const [row] = (
      (await db.execute(
        sql`select count(*)::int as rows, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from ${table} t`,
      )) as unknown as {
        rows: Array<{ rows: number; digest: string }>;
      }
    ).rows;
    out[`${schema}.${name}`] = row!;
  }
  return out;
}

// Each engine's backup on its own run: on the PostgreSQL run this worker would first build the
// embedded dumps, and four starts of a PGlite on disk already take most of a file's 30 s.
const EMBEDDED_ELSEWHERE = "skipped on PostgreSQL: the embedded run backs up and restores the embedded database";
if (onPostgres) console.info(`${EMBEDDED_ELSEWHERE}\n  - a backup of the embedded database`);
describe.runIf(!onPostgres)("a backup of the embedded database", () => {
  it("restores into an empty data directory with every table as it was, and never over one in use", async () => {
    const dataDir = path.join(scratch, "source");
    // From the run's migrated dump, as every test's PGlite starts: migrating a data directory on disk took most of 30 s.
    const source = await openDatabase({ dataDir, template: await pgliteTemplate(), settings: COPY_SETTINGS });
    await source.migrate();
    await fill(source.db);
    const before = await tablesOf(source.db);
    await source.close();

    const file = path.join(scratch, "embedded.tar.gz");
    expect(await backup({ dataDir }, file)).toMatchObject({ kind: "pglite", bytes: expect.any(Number) });
    await expect(restore({ dataDir }, file)).rejects.toThrow(/not empty/);
    await fs.mkdir(path.join(scratch, "no-database"));
    await expect(backup({ dataDir: path.join(scratch, "no-database") }, path.join(scratch, "wrong.tar.gz"))).rejects.toThrow(/holds no embedded database/);
    expect(await fs.readdir(path.join(scratch, "no-database"))).toEqual([]);

    const copyDir = path.join(scratch, "restored");
    await restore({ dataDir: copyDir }, file);
    const copy = await openDatabase({ dataDir: copyDir, settings: COPY_SETTINGS });
    try {
      const after = await tablesOf(copy.db);
      expect(Object.keys(after).length).toBeGreaterThan(40);
      expect(after["public.payment_disputes"]?.rows).toBe(1);
      expect(after).toEqual(before);
    } finally {
      await copy.close();
    }
  }, 30_000);
});

describeOnPostgres(
  "a backup of PostgreSQL",
  () => {
    it("restores into a new, empty database with every table as it was, and never into one with tables", async () => {
      const source = await createTestDatabase();
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const name = `restore_${Date.now()}_${randomBytes(3).toString("hex")}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        await fill(source.db);
        const before = await tablesOf(source.db);
        const file = path.join(scratch, "postgres.dump");
        expect(await backup({ url: source.url!, dataDir: "unused" }, file)).toMatchObject({ kind: "postgres" });
        await expect(restore({ url: source.url!, dataDir: "unused" }, file)).rejects.toThrow(/already has tables/);

        await admin.query(`create database ${name}`);
        await restore({ url: databaseUrl(serverUrl, name), dataDir: "unused" }, file);
        const copy = await openDatabase({ url: databaseUrl(serverUrl, name) });
        try {
          const after = await tablesOf(copy.db);
          expect(after["public.payment_disputes"]?.rows).toBe(1);
          expect(after).toEqual(before);
        } finally {
          await copy.close();
        }
      } finally {
        await source.destroy();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }, 30_000);
  },
  "skipped on PGlite: pg_dump and pg_restore need a PostgreSQL server (TEST_DATABASE_URL runs it)",
);
