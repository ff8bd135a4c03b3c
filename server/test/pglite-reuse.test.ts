// A test PGlite handed back by one file and out to the next (docs/decisions/072-reused-test-pglites.md):
// as the dump left it, or not reused at all.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leads, users } from "../../shared/schema";
import { openDatabase } from "../db/client";
import { createLead, createUser } from "../db/factories";
import { COPY_SETTINGS, pgliteTemplate } from "./database";
import { reusedCopy, reuseCounts } from "./pglite-reuse";

// Its own key: the copies of this file's tests are never another file's.
const take = () =>
  reusedCopy("pglite-reuse-test", async () => openDatabase({ dataDir: "memory://", template: await pgliteTemplate(false), settings: COPY_SETTINGS }));

const one = async <T>(copy: Awaited<ReturnType<typeof take>>, query: ReturnType<typeof sql>) =>
  ((await copy.database.db.execute(query)) as unknown as { rows: T[] }).rows[0];

describe("a test PGlite reused by the next file", () => {
  it("when a file hands back its copy after writing rows, using sequences, changing its session and making a temporary table, then the next file gets that PGlite as the dump left it", async () => {
    const first = await take();
    const user = await createUser(first.database.db);
    await createLead(first.database.db, { customerName: "Ingrid Inspection" });
    await first.database.db.execute(sql`set statement_timeout = '7s'`);
    await first.database.db.execute(sql`create temporary table scratch (x int)`);
    await first.handBack();

    const reusedBefore = reuseCounts.reused;
    const next = await take();
    expect(reuseCounts.reused).toBe(reusedBefore + 1);
    expect(await next.database.db.$count(users)).toBe(0);
    expect(await next.database.db.$count(leads)).toBe(0);
    expect(await one(next, sql`show statement_timeout`)).toEqual({ statement_timeout: "0" });
    expect(await one(next, sql`select to_regclass('pg_temp.scratch')::text as t`)).toEqual({ t: null });
    expect(await one(next, sql`show timezone`)).toEqual({ TimeZone: "UTC" });
    // The sequences start again: the same first id as in the copy before.
    expect((await createUser(next.database.db)).id).toBe(user.id);
    await next.handBack();
  });

  it("when a file changed the schema, then its copy is closed and the next file gets a new one", async () => {
    const first = await take();
    await first.database.db.execute(sql`create table extra (x int)`);
    await first.handBack();

    const startedBefore = reuseCounts.started;
    const next = await take();
    expect(reuseCounts.started).toBe(startedBefore + 1);
    expect(await one(next, sql`select to_regclass('public.extra')::text as t`)).toEqual({ t: null });
    await next.handBack();
  });

  it("when a file changed a row the dump holds, then its copy is closed and the next file gets the dump's row", async () => {
    const first = await take();
    const applied = sql`select min(created_at)::text as at from drizzle.__drizzle_migrations`;
    const before = await one<{ at: string }>(first, applied);
    await first.database.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = (select min(created_at) from drizzle.__drizzle_migrations)`,
    );
    await first.handBack();

    const startedBefore = reuseCounts.started;
    const next = await take();
    expect(reuseCounts.started).toBe(startedBefore + 1);
    expect(await one(next, applied)).toEqual(before);
    await next.handBack();
  });

  it("when a file has handed its copy back, then anything it left running can no longer reach the database", async () => {
    const copy = await take();
    await copy.handBack();
    // Drizzle names the failed query and keeps the fence's error as its cause.
    const refused = await copy.database.db.execute(sql`select 1`).then(
      () => null,
      (err: Error) => err.cause ?? err,
    );
    expect(String(refused)).toMatch(/used after its file handed it back/);
    await expect(copy.database.pglite!.query("select 1")).rejects.toThrow(/used after its file handed it back/);
  });
});
