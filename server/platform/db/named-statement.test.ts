// Named statements (server/platform/db/named-statement.ts): one name per text, values filled at each run,
// and on PostgreSQL a statement the connection keeps (docs/decisions/048-intake-cost.md).
import { eq, sql, type SQL } from "drizzle-orm";
import { sessions } from "../../../shared/schema";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { itOnPostgres } from "../../test/postgres-only";
import { compileStatement, executeNamed, keptByShape, preparedPerDatabase, runCompiled, runCompiledAs } from "./named-statement";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

it("when two statements differ only in their values, then they share one name, and a different text gets another", () => {
  const a = compileStatement(sql`select ${1}::int as n`);
  const b = compileStatement(sql`select ${2}::int as n`);
  const c = compileStatement(sql`select ${1}::int as m`);
  expect(a.name).toBe(b.name);
  expect(c.name).not.toBe(a.name);
  expect(a.name.length).toBeLessThan(64);
});

it("when a compiled statement runs with new values, then each run answers with its own", async () => {
  const twice = compileStatement(sql`select ${sql.placeholder("n")}::int * 2 as doubled`);
  expect(await runCompiled(database.db, twice, { n: 4 })).toEqual([{ doubled: 8 }]);
  expect(await runCompiled(database.db, twice, { n: 21 })).toEqual([{ doubled: 42 }]);
  expect(await executeNamed(database.db, sql`select ${"a"}::text || ${"b"}::text as joined`)).toEqual([{ joined: "ab" }]);
});

itOnPostgres("when a named statement has run on a connection, then that connection keeps it prepared", async () => {
  const statement = compileStatement(sql`select ${sql.placeholder("n")}::int + 1 as next`);
  const kept = await database.db.transaction(async (tx) => {
    await runCompiled(tx, statement, { n: 1 });
    return executeNamed<{ name: string }>(tx, sql`select name from pg_prepared_statements where name = ${statement.name}`);
  });
  expect(kept).toEqual([{ name: statement.name }]);
});

it("when a prepared query is asked for again on one database, then it is the one built before, and another database builds its own", async () => {
  let builds = 0;
  const doubled = preparedPerDatabase((db) => {
    builds++;
    return db
      .select({ doubled: sql<number>`${sql.placeholder("n")}::int * 2` })
      .from(sql`(select 1) as one`)
      .prepare("test_doubled");
  });
  expect(await doubled(database.db).execute({ n: 4 })).toEqual([{ doubled: 8 }]);
  expect(await doubled(database.db).execute({ n: 21 })).toEqual([{ doubled: 42 }]);
  expect(builds).toBe(1);
  const other = await createTestDatabase();
  try {
    expect(await doubled(other.db).execute({ n: 5 })).toEqual([{ doubled: 10 }]);
    expect(builds).toBe(2);
  } finally {
    await other.destroy();
  }
});

it("when a compiled statement with its fields runs inside transactions, then it writes in each one's own transaction and maps its rows as Drizzle does", async () => {
  const fields = { sid: sessions.sid, expire: sessions.expire };
  const save = compileStatement(
    sql`insert into ${sessions} (sid, sess, expire) values (${sql.placeholder("sid")}, '{}'::jsonb, ${sql.placeholder("expire")}::timestamptz) returning sid, expire`,
  );
  const run = (db: typeof database.db, sid: string) => runCompiledAs<{ sid: string; expire: Date }>(db, save, fields, { sid, expire: expire.toISOString() });
  const expire = new Date("2026-12-01T02:03:04Z");
  const saved = await database.db.transaction(async (tx) => {
    const rows = await run(tx, "compiled-1");
    // The transaction's own connection: its uncommitted row is visible to it.
    const [inside] = await tx.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.sid, "compiled-1"));
    expect(inside).toEqual({ sid: "compiled-1" });
    return rows;
  });
  expect(saved).toEqual([{ sid: "compiled-1", expire }]);
  await expect(
    database.db.transaction(async (tx) => {
      await run(tx, "compiled-2");
      throw new Error("roll back");
    }),
  ).rejects.toThrow("roll back");
  expect(await database.db.select().from(sessions).where(eq(sessions.sid, "compiled-2"))).toEqual([]);
  expect(await run(database.db, "compiled-3")).toEqual([{ sid: "compiled-3", expire }]);
});

it("when statements are kept by shape, then one shape is built once, and another part or choice builds its own", () => {
  let builds = 0;
  const kept = keptByShape();
  const partA = (from: SQL) => sql`select ${from}`;
  const partB = (from: SQL) => sql`select ${from}`;
  const build = () => (builds++, sql`select ${builds}::int`);
  const first = kept(["a,b", partA, undefined], build);
  expect(kept(["a,b", partA, undefined], build)).toBe(first);
  expect(builds).toBe(1);
  expect(kept(["a,b", partB, undefined], build)).not.toBe(first);
  expect(kept(["a", partA, undefined], build)).not.toBe(first);
  expect(builds).toBe(3);
  // A choice whose text reads like a part's number, or that holds the separator, is a shape of its own.
  const byPart = kept([partA], build);
  for (let i = 0; i < 1000; i++) expect(kept([String(i)], build)).not.toBe(byPart);
  expect(kept(["a|b"], build)).not.toBe(kept(["a", "b"], build));
});
