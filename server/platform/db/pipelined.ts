// A few connections in node-postgres's pipeline mode, for hot statements that are each their own
// transaction (docs/decisions/124-statements-sent-together.md): the statements a turn of the event
// loop sends on one of them leave in one write, and PostgreSQL runs them back to back, each with
// its own Sync, so one's error or rollback is its own. On a machine whose database shares its
// cores, every write that woke a sleeping backend cost the server's one thread about 100-230 µs:
// a quarter of a contested sale's CPU went to those writes.
import pg from "pg";
import { nextTurn } from "./asked-together";
import { driverErrorOf } from "./unique-violation";

/**
 * How long a statement here waits for each lock before it gives up (lock_not_available): the
 * statements behind it on its connection wait with it, so a sale that meets a lead held by a
 * longer transaction (a card's capture) goes back to the pool to wait there on its own.
 */
export const PIPELINED_LOCK_TIMEOUT_MS = 100;
const CONNECTIONS = 2;
/** A connection that could not be opened is tried again after this, doubled at each failure up to the most. */
const FIRST_RETRY_MS = 1_000;
const MOST_RETRY_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5_000;

/** The socket under a pg client: corked for the rest of a turn, so the turn's statements leave together. */
type Socket = { cork?(): void; uncork?(): void };
type WithSocket = { connection?: { stream?: Socket } };

export interface Pipelined<Db> {
  /**
   * The Db of this turn's connection, or undefined while that connection is not open (then use
   * the pool). Every statement it runs is its own transaction; it has no `transaction()`.
   */
  db(): Db | undefined;
  close(): Promise<void>;
}

interface Slot<Db> {
  client: pg.Client;
  db: Db;
  open: boolean;
}

/** `connections` pipelined clients on `url`, each seen through `toDb` (the app's Drizzle over it), opened at first use. */
export function openPipelined<Db extends object>(url: string, toDb: (client: pg.Client) => Db, connections = CONNECTIONS): Pipelined<Db> {
  const slots: (Slot<Db> | null)[] = Array.from({ length: connections }, () => null);
  const failures = Array.from({ length: connections }, () => ({ count: 0, retryAt: 0 }));
  let turn = 0;
  let turnEnding = false;
  let closed = false;

  function open(index: number) {
    const client = new pg.Client({
      connectionString: url,
      pipeline: true,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Named, so an operator can tell them in pg_stat_activity.
      application_name: "pipelined",
      options: `-c TimeZone=UTC -c lock_timeout=${PIPELINED_LOCK_TIMEOUT_MS}`,
    });
    const slot: Slot<Db> = { client, db: withoutTransactions(toDb(client)), open: false };
    // A lost connection fails what was sent on it (as a pooled one would); the next turns use the
    // pool until it is open again, tried later and later while it keeps failing.
    const lost = () => {
      if (slots[index] !== slot) return;
      slots[index] = null;
      const failed = failures[index]!;
      failed.retryAt = Date.now() + Math.min(MOST_RETRY_MS, FIRST_RETRY_MS * 2 ** failed.count++);
      client.end().catch(() => {});
    };
    client.on("error", lost);
    client.on("end", lost);
    client.connect().then(() => {
      slot.open = true;
      failures[index] = { count: 0, retryAt: 0 };
      if (closed) void client.end().catch(() => {});
    }, lost);
    slots[index] = slot;
  }

  return {
    db() {
      if (!turnEnding) {
        turnEnding = true;
        nextTurn(() => {
          turnEnding = false;
          turn++;
        });
      }
      if (closed) return undefined;
      const index = turn % connections;
      const slot = slots[index];
      if (!slot) {
        if (Date.now() >= failures[index]!.retryAt) open(index);
        return undefined;
      }
      if (!slot.open) return undefined;
      corkForTheTurn((slot.client as unknown as WithSocket).connection?.stream);
      return slot.db;
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((slot) => slot?.client.end().catch(() => {})));
    },
  };
}

const corked = new WeakSet<Socket>();
/** Holds the socket's writes until the turn ends, once a turn. */
function corkForTheTurn(socket: Socket | undefined) {
  if (!socket?.cork || !socket.uncork || corked.has(socket)) return;
  corked.add(socket);
  socket.cork();
  nextTurn(() => {
    corked.delete(socket);
    socket.uncork!();
  });
}

/** A transaction's statements must share one connection that nothing else writes to: never one of these. */
function withoutTransactions<Db extends object>(db: Db): Db {
  return Object.assign(db, {
    transaction: () => Promise.reject(new Error("a pipelined connection carries no transaction: use the pool's Db")),
  });
}

/**
 * Whether `err` (wherever Drizzle wrapped it) says the statement never ran: lock_not_available
 * (55P03: it gave up waiting for a lock, and a statement that fails is rolled back whole), or
 * invalid_sql_statement_name (26000: in pipeline mode a statement is bound to a name whose Parse
 * is still on its way, and when that Parse fails, the statements bound behind it fail with this).
 */
export const neverRan = (err: unknown): boolean => driverErrorOf(err, ["55P03", "26000"]) !== undefined;

/**
 * Runs `statement` on this turn's pipelined connection, or on `db` (the pool) when there is none
 * open (PGlite, or not yet) or when it never ran there (`neverRan`). Only for statements that are
 * each their own transaction: one that never ran changed nothing, so running it again is safe.
 */
export async function oneStatement<Db, T>(db: Db, pipelined: (() => Db | undefined) | undefined, statement: (db: Db) => Promise<T>): Promise<T> {
  const piped = pipelined?.();
  if (!piped) return statement(db);
  try {
    return await statement(piped);
  } catch (err) {
    if (!neverRan(err)) throw err;
    return statement(db);
  }
}
