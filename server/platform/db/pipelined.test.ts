// The pipelined connections (server/platform/db/pipelined.ts, docs/decisions/124-statements-sent-together.md):
// a turn's statements in one write, each its own transaction, a lock waited for on the pool.
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { holdLock } from "../../test/locks";
import { describeOnPostgres } from "../../test/postgres-only";
import type { Db } from "./client";
import { compileStatement, runCompiled } from "./named-statement";
import { neverRan, oneStatement, openPipelined, PIPELINED_LOCK_TIMEOUT_MS, type Pipelined } from "./pipelined";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
const numberOf = async (db: Db, n: number) => rowsOf<{ n: number }>(await db.execute(sql`select ${n}::int as n`))[0]!.n;

/** Tries `check` until it passes (vi.waitFor, every 10 ms, for up to 5 s). */
const until = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 5_000, interval: 10 });

describeOnPostgres(
  "pipelined connections",
  () => {
    let database: TestDatabase;
    let pipelined: Pipelined<Db>;
    const clientOf = new Map<Db, pg.Client>();
    const withClients = (url: string) =>
      openPipelined(url, (client) => {
        const db = drizzle(client) as unknown as Db;
        clientOf.set(db, client);
        return db;
      });
    /** This turn's pipelined Db, once its connection is open. */
    async function openDb(of: Pipelined<Db> = pipelined): Promise<Db> {
      return until(() => {
        const db = of.db();
        if (!db) throw new Error("no pipelined connection open yet");
        return db;
      });
    }
    const pipelinedBackends = async () =>
      rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'pipelined'`),
      )[0]!.n;

    beforeAll(async () => {
      database = await createTestDatabase();
      pipelined = withClients(database.url!);
      await database.db.execute(sql`create table pipelined_probe (id int primary key, n int not null)`);
      await database.db.execute(sql`insert into pipelined_probe values (1, 0)`);
    });
    afterAll(async () => {
      await pipelined.close();
      await database.destroy();
    });

    it("when its connection is not open yet, then a statement runs on the pool", async () => {
      const fresh = withClients(database.url!);
      try {
        // Two in one turn: the first opens the turn's connection, the second finds it still connecting.
        const ranOn: string[] = [];
        const runOn = () => oneStatement(database.db, fresh.db, async (db) => ranOn.push(db === database.db ? "pool" : "pipelined"));
        await Promise.all([runOn(), runOn()]);
        expect(ranOn).toEqual(["pool", "pool"]);
        await openDb(fresh);
      } finally {
        await fresh.close();
      }
    });

    it("when statements are asked in one turn, then they leave in one write and each gets its own answer", async () => {
      const db = await openDb();
      await numberOf(db, 0);
      // The socket under the client: its writes are counted while a later turn's statements go.
      const socket = (clientOf.get(db) as unknown as { connection: { stream: { _writev?: unknown; _write: unknown } } }).connection.stream;
      let writes = 0;
      const counted = (f: unknown) =>
        function (this: unknown, ...args: unknown[]) {
          writes++;
          return (f as (...a: unknown[]) => unknown).apply(this, args);
        };
      const originals = { _writev: socket._writev, _write: socket._write };
      socket._writev = counted(socket._writev);
      socket._write = counted(socket._write);
      try {
        // A later turn on the same connection (turns take the connections in turn).
        let turnDb = pipelined.db();
        for (let turn = 0; turn < 10 && turnDb !== db; turn++) {
          await nextTurn();
          turnDb = pipelined.db();
        }
        expect(turnDb).toBe(db);
        const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => numberOf(db, n)));
        expect(answers).toEqual([1, 2, 3, 4, 5]);
        expect(writes).toBe(1);
      } finally {
        Object.assign(socket, originals);
      }
    });

    it("when one statement of a turn fails, then only it fails: the others before and after it are answered", async () => {
      const db = await openDb();
      const settled = await Promise.allSettled([numberOf(db, 1), db.execute(sql`select 1 / 0`), numberOf(db, 3)]);
      expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect(settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []))).toEqual([1, 3]);
    });

    it("when a statement meets a row lock held longer than the lock timeout, then it gives up, the statements behind it are not held, and oneStatement waits for the lock on the pool", async () => {
      const lock = await holdLock(database.db, sql`select n from pipelined_probe where id = 1 for update`);
      const db = await openDb();
      const ranOn: string[] = [];
      const started = performance.now();
      const update = oneStatement(database.db, pipelined.db, async (on) => {
        ranOn.push(on === database.db ? "pool" : "pipelined");
        return rowsOf<{ n: number }>(await on.execute(sql`update pipelined_probe set n = n + 1 where id = 1 returning n`))[0]!.n;
      });
      // Asked in the same turn, behind the update on the same connection.
      expect(await numberOf(db, 7)).toBe(7);
      expect(performance.now() - started).toBeLessThan(PIPELINED_LOCK_TIMEOUT_MS + 900);
      await until(() => expect(ranOn).toHaveLength(2));
      await lock.release();
      expect(await update).toBe(1);
      expect(ranOn).toEqual(["pipelined", "pool"]);
    });

    it("when a named statement's first Parse on a connection gives up on a lock, then the same statements bound behind it run again on the pool too", async () => {
      const fresh = withClients(database.url!);
      let lock: { release(): Promise<void> } | undefined;
      try {
        await openDb(fresh);
        await nextTurn();
        await openDb(fresh);
        // The whole table held: planning the update (at its Parse) waits for it.
        lock = await holdLock(database.db, sql`lock table pipelined_probe in access exclusive mode`);
        const bump = compileStatement(sql`update pipelined_probe set n = n + 1 where id = 1 returning n`);
        const ranOn: string[] = [];
        const db = await openDb(fresh);
        const bumps = [1, 2, 3].map(() =>
          oneStatement(
            database.db,
            () => db,
            async (on) => {
              ranOn.push(on === database.db ? "pool" : "pipelined");
              return runCompiled<{ n: number }>(on, bump);
            },
          ),
        );
        await until(() => expect(ranOn.filter((r) => r === "pool")).toHaveLength(3));
        await lock.release();
        const answers = (await Promise.all(bumps)).map((rows) => rows[0]!.n);
        expect(new Set(answers).size).toBe(3);
      } finally {
        await lock?.release();
        await fresh.close();
      }
    });

    it("when a statement fails for any other reason, then oneStatement does not run it again", async () => {
      await openDb();
      let runs = 0;
      const failing = oneStatement(database.db, pipelined.db, async (db) => {
        runs++;
        return db.execute(sql`select 1 / 0`);
      });
      await expect(failing).rejects.toThrow();
      expect(runs).toBe(1);
    });

    it("when a transaction is asked of it, then it refuses: a transaction needs a connection of its own", async () => {
      await expect((await openDb()).transaction(async () => {})).rejects.toThrow(/no transaction/);
    });

    it("when its connections are cut, then the next turns use the pool and open them again", async () => {
      const before = new Set<Db>();
      await until(async () => {
        const db = pipelined.db();
        if (db) before.add(db);
        await nextTurn();
        expect(before.size).toBe(2);
      });
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'pipelined'`,
      );
      await until(async () => expect(await pipelinedBackends()).toBe(0));
      const after = new Set<Db>();
      await until(async () => {
        const db = pipelined.db();
        if (db && !before.has(db)) {
          expect(await numberOf(db, 5)).toBe(5);
          after.add(db);
        }
        await nextTurn();
        expect(after.size).toBe(2);
      });
    });

    it("when it cannot connect, then statements run on the pool and it is not tried again at once", async () => {
      let opened = 0;
      const unreachable = openPipelined(database.url!.replace(/\/[^/]*$/, "/no_such_database"), () => {
        opened++;
        return {} as Db;
      });
      try {
        for (let turn = 0; turn < 50; turn++) {
          expect(unreachable.db()).toBeUndefined();
          await pause(5);
        }
        expect(opened).toBe(2);
      } finally {
        await unreachable.close();
      }
    });

    it("when the driver's error says the statement never ran, then it is known wherever it was wrapped, and no other error is taken for it", () => {
      const wrapped = (code: string) => new Error("outer", { cause: Object.assign(new Error("inner"), { code }) });
      expect(neverRan(wrapped("55P03"))).toBe(true);
      expect(neverRan(wrapped("26000"))).toBe(true);
      expect(neverRan(Object.assign(new Error("deadlock"), { code: "40P01" }))).toBe(false);
      expect(neverRan(undefined)).toBe(false);
    });
  },
  "skipped on PGlite: pipelined connections are PostgreSQL's (TEST_DATABASE_URL runs them)",
);
