// A test PGlite handed back by one file and out to the next (docs/decisions/072-reused-test-pglites.md):
// as the dump left it, or not reused at all.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../platform/db/client";
import { COPY_SETTINGS } from "./database";
import { reusedCopy, reuseCounts } from "./pglite-reuse";

// A small dump of its own, the same on either run: customers and their jobs (a foreign key, two
// sequences) empty, and regions with two rows the dump holds.
let dump: Blob;
beforeAll(async () => {
  const database = await openDatabase({ dataDir: "memory://" });
  await database.pglite!.exec(`
    create table customers (id serial primary key, name text not null);
    create table jobs (id serial primary key, customer_id int not null references customers (id), work text not null);
    create table regions (id serial primary key, name text not null);
    insert into regions (name) values ('Greater Sydney'), ('Hobart');`);
  dump = await database.pglite!.dumpDataDir("none");
  await database.close();
});

// Its own key: the copies of this file's tests are never another file's.
const take = () => reusedCopy("pglite-reuse-test", () => openDatabase({ dataDir: "memory://", template: dump, settings: COPY_SETTINGS }));

const one = async <T>(copy: Awaited<ReturnType<typeof take>>, query: ReturnType<typeof sql>) =>
  ((await copy.database.db.execute(query)) as unknown as { rows: T[] }).rows[0];

describe("a test PGlite reused by the next file", () => {
  it("when a file hands back its copy after writing rows, using sequences, changing its session and making a temporary table, then the next file gets that PGlite as the dump left it", async () => {
    const first = await take();
    const customer = await one<{ id: number }>(first, sql`insert into customers (name) values ('Noah Fielding') returning id`);
    await first.database.db.execute(sql`insert into jobs (customer_id, work) values (${customer!.id}, 'Switchboard upgrade')`);
    await first.database.db.execute(sql`set statement_timeout = '7s'`);
    await first.database.db.execute(sql`create temporary table scratch (x int)`);
    await first.handBack();

    const reusedBefore = reuseCounts.reused;
    const next = await take();
    expect(reuseCounts.reused).toBe(reusedBefore + 1);
    expect(await one(next, sql`select (select count(*) from customers)::int as customers, (select count(*) from jobs)::int as jobs`)).toEqual({
      customers: 0,
      jobs: 0,
    });
    expect(await one(next, sql`select string_agg(name, ', ' order by id) as names from regions`)).toEqual({ names: "Greater Sydney, Hobart" });
    expect(await one(next, sql`show statement_timeout`)).toEqual({ statement_timeout: "0" });
    expect(await one(next, sql`select to_regclass('pg_temp.scratch')::text as t`)).toEqual({ t: null });
    expect(await one(next, sql`show timezone`)).toEqual({ TimeZone: "UTC" });
    // The sequences start again: the same first id as in the copy before.
    expect(await one(next, sql`insert into customers (name) values ('Ava Nguyen') returning id`)).toEqual({ id: customer!.id });
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
    await first.database.db.execute(sql`update regions set name = 'Greater Hobart' where name = 'Hobart'`);
    await first.handBack();

    const startedBefore = reuseCounts.started;
    const next = await take();
    expect(reuseCounts.started).toBe(startedBefore + 1);
    expect(await one(next, sql`select string_agg(name, ', ' order by id) as names from regions`)).toEqual({ names: "Greater Sydney, Hobart" });
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
