// The pipelined connections (server/platform/db/pipelined.ts, docs/decisions/124-statements-sent-together.md):
// a turn's statements in one write, each its own transaction, a lock waited for on the pool.
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { describeOnPostgres } from "../../test/postgres-only";
import type { Db } from "./client";
import { oneStatement, openPipelined, PIPELINED_LOCK_TIMEOUT_MS, waitedTooLongForALock, type Pipelined } from "./pipelined";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
const numberOf = async (db: Db, n: number) => rowsOf<{ n: number }>(await db.execute(sql`select ${n}::int as n`))[0]!.n;

describeOnPostgres(
  "pipelined connections",
  () => {
    let database: TestDatabase;
    let pipelined: Pipelined<Db>;
    const clientOf = new Map<Db, pg.Client>();
    beforeAll(async () => {
      database = await createTestDatabase();
      pipelined = openPipelined(database.url!, (client) => {
        const db = drizzle(client) as unknown as Db;
        clientOf.set(db, client);
        return db;
      });
      await database.db.execute(sql`create table pipelined_probe (id int primary key, n int not null)`);
      await database.db.execute(sql`insert into pipelined_probe values (1, 0)`);
    });
    afterAll(async () => {
      await pipelined.close();
      await database.destroy();
    });

    it("when statements are asked in one turn, then they leave in one write and each gets its own answer", async () => {
      const db = pipelined.db();
      await numberOf(db, 0);
      const client = clientOf.get(db)!;
      // The socket under the client: its writes are counted while the turn's statements go.
      const socket = (client as unknown as { connection: { stream: { _writev?: unknown; _write: unknown } } }).connection.stream;
      let writes = 0;
      const count = <F extends (...args: never[]) => unknown>(f: F) =>
        function (this: unknown, ...args: Parameters<F>) {
          writes++;
          return f.apply(this, args);
        };
      const originals = { _writev: socket._writev, _write: socket._write };
      socket._writev = count(socket._writev as (...args: never[]) => unknown);
      socket._write = count(socket._write as (...args: never[]) => unknown);
      try {
        // A later turn on the same connection (turns take the connections in turn).
        let turnDb = pipelined.db();
        for (let turn = 0; turn < 4 && turnDb !== db; turn++) {
          await nextTurn();
          turnDb = pipelined.db();
        }
        expect(turnDb).toBe(db);
        const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => numberOf(turnDb, n)));
        expect(answers).toEqual([1, 2, 3, 4, 5]);
        expect(writes).toBe(1);
      } finally {
        Object.assign(socket, originals);
      }
    });

    it("when one statement of a turn fails, then only it fails: the others before and after it are answered", async () => {
      const db = pipelined.db();
      const settled = await Promise.allSettled([numberOf(db, 1), db.execute(sql`select 1 / 0`), numberOf(db, 3)]);
      expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect(settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []))).toEqual([1, 3]);
    });

    it("when a statement meets a row lock held longer than the lock timeout, then it gives up, the statements behind it are not held, and oneStatement waits for the lock on the pool", async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = database.db.transaction(async (tx) => {
        await tx.execute(sql`select n from pipelined_probe where id = 1 for update`);
        locked();
        await released;
      });
      await isLocked;
      const tried: string[] = [];
      const started = performance.now();
      const update = oneStatement(database.db, pipelined.db, async (db) => {
        tried.push(db === database.db ? "pool" : "pipelined");
        return rowsOf<{ n: number }>(await db.execute(sql`update pipelined_probe set n = n + 1 where id = 1 returning n`))[0]!.n;
      });
      // Asked in the same turn, behind the update on the same connection.
      const behind = numberOf(pipelined.db(), 7);
      expect(await behind).toBe(7);
      const waitedBehind = performance.now() - started;
      expect(waitedBehind).toBeLessThan(PIPELINED_LOCK_TIMEOUT_MS + 900);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      release();
      await holder;
      expect(await update).toBe(1);
      expect(tried).toEqual(["pipelined", "pool"]);
    });

    it("when a statement fails for any other reason, then oneStatement does not run it again", async () => {
      let runs = 0;
      const failing = oneStatement(database.db, pipelined.db, async (db) => {
        runs++;
        return db.execute(sql`select 1 / 0`);
      });
      await expect(failing).rejects.toThrow();
      expect(runs).toBe(1);
    });

    it("when a transaction is asked of it, then it refuses: a transaction needs a connection of its own", async () => {
      await expect(pipelined.db().transaction(async () => {})).rejects.toThrow(/no transaction/);
    });

    it("when its connections are cut, then the next turns open them again", async () => {
      await numberOf(pipelined.db(), 1);
      await nextTurn();
      await numberOf(pipelined.db(), 1);
      const cut = await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'pipelined'`,
      );
      expect(rowsOf(cut).length).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (let turn = 0; turn < 4; turn++) {
        expect(await numberOf(pipelined.db(), turn)).toBe(turn);
        await nextTurn();
      }
    });

    it("when the lock_not_available error is wrapped, then it is still known, and no other error is taken for it", () => {
      expect(waitedTooLongForALock(new Error("outer", { cause: Object.assign(new Error("inner"), { code: "55P03" }) }))).toBe(true);
      expect(waitedTooLongForALock(Object.assign(new Error("deadlock"), { code: "40P01" }))).toBe(false);
      expect(waitedTooLongForALock(undefined)).toBe(false);
    });
  },
  "skipped on PGlite: pipelined connections are PostgreSQL's (TEST_DATABASE_URL runs them)",
);
