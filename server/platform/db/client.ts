// One Drizzle database over either driver: PostgreSQL through `pg` when DATABASE_URL is
// set, embedded PGlite otherwise. Everything above this file sees the same `Db` type.
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "../../../shared/schema";
import { openPipelined } from "./pipelined";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  /** The embedded engine itself, for the test templates (`dumpDataDir`); unset on PostgreSQL. */
  pglite?: PGlite;
  /** PostgreSQL only: the connection string, for the live market's own LISTEN connection. */
  url?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Embedded only: a new data folder copied from `firstStartFrom` (the build's image) rather than made by initdb. */
  startedFromImage?: boolean;
  /** PostgreSQL only: the pool's connections now (docs/decisions/095-readiness-and-metrics.md). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL only: this turn's pipelined connection, for hot statements that are each their own
   * transaction (server/platform/db/pipelined.ts, docs/decisions/124-statements-sent-together.md).
   */
  pipelined?: () => Db | undefined;
}

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "migrations");

/** Where the embedded engine keeps its files inside DATA_DIR. */
export const embeddedLocation = (dataDir: string) => path.resolve(dataDir, "pglite");

/**
 * `url` set: PostgreSQL. Otherwise PGlite in `dataDir` (or in memory when dataDir is "memory://"),
 * started from `template` (a `dumpDataDir` tarball) when given instead of a fresh initdb, with
 * `settings` (PostgreSQL's own, such as shared_buffers) on top of PGlite's start parameters.
 * `firstStartFrom`: a data folder to copy into `dataDir` when that holds no database yet (the
 * server's starting image, server/setup/embedded-start.ts); ignored when it holds none itself.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  template?: Blob;
  firstStartFrom?: string;
  settings?: Record<string, string>;
}): Promise<Database> {
  if (options.url) {
    // Every timestamp crosses the wire in UTC; the client formats for Australia/Sydney. Set at
    // connection start-up, so no query races the first one on a new connection.
    const pool = new pg.Pool({ connectionString: options.url, max: 10, options: "-c TimeZone=UTC" });
    const db = drizzlePg(pool, { schema });
    // Opened at their first use: a process that never sells (a seed, a migration) never connects them.
    const pipelined = openPipelined(options.url, (client) => drizzlePg(client, { schema }) as unknown as Db);
    return {
      db: db as unknown as Db,
      kind: "postgres",
      url: options.url,
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: async () => {
        await pipelined.close();
        await endPool(pool);
      },
      pipelined: pipelined.db,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const dataDir = options.dataDir ?? "memory://";
  let location = dataDir;
  let startedFromImage = false;
  if (!dataDir.startsWith("memory://")) {
    location = embeddedLocation(dataDir);
    const image = options.firstStartFrom && embeddedLocation(options.firstStartFrom);
    if (!options.template && image && fs.existsSync(path.join(image, "PG_VERSION"))) startedFromImage = copyIfNew(image, location);
    fs.mkdirSync(location, { recursive: true });
  }
  const settings = Object.entries(options.settings ?? {}).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
  const { PGlite: Embedded } = await import("@electric-sql/pglite");
  const client = await Embedded.create(location, {
    ...(options.template ? { loadDataDir: options.template } : {}),
    ...(settings.length ? { startParams: [...Embedded.defaultStartParams, ...settings] } : {}),
  });
  await client.exec("set time zone 'UTC'");
  return { ...(await pgliteDatabase(client)), ...(startedFromImage ? { startedFromImage } : {}) };
}

/**
 * Copies the image to `location` when nothing is there yet (or only an empty folder). Copied
 * beside it and renamed into place, so a start killed during the copy leaves no half a database
 * to open next time (a leftover copy is made again). Only an empty folder is ever replaced:
 * one filled meanwhile, or one that cannot be replaced (a mount point), keeps what it has, and
 * the database starts there as it did before there was an image.
 */
function copyIfNew(image: string, location: string): boolean {
  if (fs.existsSync(location) && fs.readdirSync(location).length > 0) return false;
  const part = `${location}.part`;
  fs.rmSync(part, { recursive: true, force: true });
  fs.cpSync(image, part, { recursive: true });
  try {
    if (fs.existsSync(location)) fs.rmdirSync(location);
    fs.renameSync(part, location);
    return true;
  } catch {
    fs.rmSync(part, { recursive: true, force: true });
    return false;
  }
}

/** The handles of embedded databases: one process owns each (docs/runtime.md section 2), so state kept in its memory is the whole truth. */
const ownedByOneProcess = new WeakSet<object>();

/** Whether only this process can reach the database (PGlite), so a count kept in its memory is exact. */
export const isOwnedByThisProcess = (db: Db) => ownedByOneProcess.has(db);

/**
 * The app's view of an open PGlite (its session already in UTC, as openDatabase leaves it).
 * The embedded engine and its driver are loaded only here: a server on PostgreSQL never holds
 * their code (docs/decisions/078-a-server-that-stays-small.md).
 */
export async function pgliteDatabase(client: PGlite): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([import("drizzle-orm/pglite"), import("drizzle-orm/pglite/migrator")]);
  const db = drizzlePglite(client, { schema });
  ownedByOneProcess.add(db);
  return {
    db: db as unknown as Db,
    kind: "pglite",
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/**
 * `pool.end()` resolves before its connections have closed; waiting for each one's 'remove'
 * keeps a dropped test database (or a shutdown) from cutting a connection still saying goodbye.
 */
async function endPool(pool: pg.Pool) {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on("remove", () => {
      if (--open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}
