// A few connections in node-postgres's pipeline mode, for hot statements that are each their own
// transaction (docs/decisions/124-statements-sent-together.md): the statements asked on one of them
// in a turn of the event loop leave in one write, and PostgreSQL runs them back to back, each
// with its own Sync, so one's error or rollback is its own. On a machine whose database shares
// its cores, every write that woke a sleeping backend cost the server's one thread about
// 100-230 µs: a quarter of a contested sale's CPU went to those writes.
import pg from "pg";
import { nextTurn } from "./asked-together";

/**
 * How long a statement here waits for a row lock before it gives up (lock_not_available): the
 * statements behind it on its connection wait with it, so a sale that meets a lead held by a
 * longer transaction (a card's capture) goes back to the pool to wait there on its own.
 */
export const PIPELINED_LOCK_TIMEOUT_MS = 100;
const CONNECTIONS = 2;

/** The socket under a pg client: corked for the rest of a turn, so its statements leave together. */
type Socket = { cork?(): void; uncork?(): void };
type WithSocket = { connection?: { stream?: Socket } };

export interface Pipelined<Db> {
  /** The Db of this turn's connection: every statement it runs is its own transaction; it has no `transaction()`. */
  db(): Db;
  close(): Promise<void>;
}

/** `connections` pipelined clients on `url`, each seen through `toDb` (the app's Drizzle over it), opened at first use. */
export function openPipelined<Db extends object>(url: string, toDb: (client: pg.Client) => Db, connections = CONNECTIONS): Pipelined<Db> {
  const slots: ({ client: pg.Client; db: Db } | null)[] = Array.from({ length: connections }, () => null);
  let turn = 0;
  let corked: Socket | null = null;
  let closed = false;

  function open(index: number) {
    const client = new pg.Client({
      connectionString: url,
      pipeline: true,
      keepAlive: true,
      // Named, so an operator can tell them in pg_stat_activity.
      application_name: "pipelined",
      options: `-c TimeZone=UTC -c lock_timeout=${PIPELINED_LOCK_TIMEOUT_MS}`,
    });
    const slot = { client, db: withoutTransactions(toDb(client)) };
    // A lost connection fails what was sent on it (as a pooled one would) and is opened again at the next use.
    const forget = () => {
      if (slots[index] === slot) slots[index] = null;
    };
    client.on("error", forget);
    client.on("end", forget);
    client.connect().catch(forget);
    slots[index] = slot;
    return slot;
  }

  return {
    db() {
      if (closed) throw new Error("the pipelined connections are closed");
      const index = turn % connections;
      const slot = slots[index] ?? open(index);
      const socket = (slot.client as unknown as WithSocket).connection?.stream;
      if (!corked && socket?.cork && socket.uncork) {
        corked = socket;
        socket.cork();
        nextTurn(() => {
          corked = null;
          turn++;
          socket.uncork!();
        });
      }
      return slot.db;
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((slot) => slot?.client.end().catch(() => {})));
    },
  };
}

/** A transaction's statements must share one connection that nothing else writes to: never one of these. */
function withoutTransactions<Db extends object>(db: Db): Db {
  return Object.assign(db, {
    transaction: () => Promise.reject(new Error("a pipelined connection carries no transaction: use the pool's Db")),
  });
}

/** Whether `err` is PostgreSQL's lock_not_available (55P03), wherever Drizzle wrapped it. */
export function waitedTooLongForALock(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === "55P03") return true;
  return false;
}

/**
 * Runs `statement` on this turn's pipelined connection, or on `db` (the pool) when there is none
 * (PGlite) or when the statement waited past the pipeline's lock timeout. Only for a statement
 * that is its own transaction: one that gave up on a lock changed nothing, so running it again
 * is safe.
 */
export async function oneStatement<Db, T>(db: Db, pipelined: (() => Db) | undefined, statement: (db: Db) => Promise<T>): Promise<T> {
  if (!pipelined) return statement(db);
  try {
    return await statement(pipelined());
  } catch (err) {
    if (!waitedTooLongForALock(err)) throw err;
    return statement(db);
  }
}
