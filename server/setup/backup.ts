// Backups and their restore (docs/decisions/096-backups.md): PostgreSQL through its own tools,
// pg_dump's custom format and pg_restore (the dump's format is theirs, and a hosted PostgreSQL's
// point-in-time recovery is the provider's: docs/operations.md); the embedded database as PGlite's
// own export of its data directory, a gzipped tarball that a new directory starts from. Neither
// runs beside a server on the embedded database: one process owns its directory.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { embeddedLocation } from "../platform/db/client";

const execFileAsync = promisify(execFile);
/**
 * A backup or a restore is the embedded database's only client for a moment: it needs neither
 * the server's buffer pool nor its connection slots, whose zeroing is a third of a start
 * (docs/decisions/069-cheaper-test-databases.md).
 */
const ONE_CLIENT = { startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "max_connections=10"] };

/** Runs a PostgreSQL tool; a failure says the tool's own words, never its command line (it holds DATABASE_URL and its password). */
async function run(tool: string, args: string[]) {
  try {
    await execFileAsync(tool, args);
  } catch (err) {
    const said = (err as { stderr?: string }).stderr?.trim();
    throw new Error(said || `${tool} failed`);
  }
}

export interface BackupTarget {
  /** PostgreSQL's connection string; unset: the embedded database in `dataDir`. */
  url?: string;
  dataDir: string;
}

export interface BackupResult {
  kind: "postgres" | "pglite";
  file: string;
  bytes: number;
}

/** Writes the whole database to `file`. */
export async function backup(target: BackupTarget, file: string): Promise<BackupResult> {
  if (target.url) {
    await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, target.url]);
  } else {
    // PGlite would make a new, empty database in a directory without one: a wrong DATA_DIR must not pass for a backup.
    const location = embeddedLocation(target.dataDir);
    if (!(await fs.stat(path.join(location, "PG_VERSION")).catch(() => null))) throw new Error(`${target.dataDir} holds no embedded database: check DATA_DIR.`);
    const db = await PGlite.create(location, ONE_CLIENT);
    try {
      const dump = await db.dumpDataDir("gzip");
      await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  }
  return { kind: target.url ? "postgres" : "pglite", file, bytes: (await fs.stat(file)).size };
}

/**
 * Restores `file` into an empty database: on PostgreSQL one that has no tables yet (a database
 * created for it), on the embedded default a data directory that does not exist yet or is empty.
 * Refuses anything else rather than mix a backup into live data.
 */
export async function restore(target: BackupTarget, file: string): Promise<void> {
  if (target.url) {
    if ((await tablesIn(target.url)) > 0) throw new Error("The database to restore into already has tables: restore into a new, empty database.");
    await run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${target.url}`, file]);
    return;
  }
  const location = embeddedLocation(target.dataDir);
  const existing = await fs.readdir(location).catch(() => []);
  if (existing.length > 0) throw new Error(`${target.dataDir} is not empty: restore into a new, empty data directory.`);
  await fs.mkdir(location, { recursive: true });
  const db = await PGlite.create(location, { ...ONE_CLIENT, loadDataDir: new Blob([await fs.readFile(file)]) });
  await db.close();
}

/** How many tables the database holds outside PostgreSQL's own schemas. */
async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}
