// Test PGlites reused within a worker (docs/decisions/072-reused-test-pglites.md). Starting a
// PGlite from the run's dump costs 0.2-0.6 CPU-seconds, most of it PGlite laying out its own
// files in memory, and a PGlite run starts about 180. A database a file hands back is put back
// as the dump left it (schema, rows, sequences, session) and checked, or closed.
import type { PGlite } from "@electric-sql/pglite";
import { pgliteDatabase, type Database } from "../platform/db/client";

/** A copy is started afresh after this many files: its WAL grows in memory (no checkpointer). */
const MAX_USES = 20;
/** Idle copies kept for each dump: a file rarely holds more than two at once. */
const MAX_IDLE = 2;

/** A copy as loaded from its dump: every copy handed back must match it again to be reused. */
interface DumpState {
  schema: string;
  /** Each table's row count and content hash, by "schema"."table". */
  tables: Map<string, string>;
  /** Each sequence's last value (null: never used), by "schema"."sequence". */
  sequences: Map<string, string | null>;
}

interface Copy {
  client: PGlite;
  uses: number;
}

const idle = new Map<string, Copy[]>();
/** How many copies this worker started and how many times it handed one out again (its tests read them). */
export const reuseCounts = { started: 0, reused: 0 };
const loaded = new Map<string, Promise<DumpState>>();

/** A name as an SQL string literal. */
const literal = (name: string) => `'${name.replace(/'/g, "''")}'`;

/** The schema's shape: every relation with its columns, constraint, function, trigger and enum label. */
const SCHEMA_SQL = `
  with user_ns as (select oid, nspname from pg_namespace where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg_toast%' and nspname not like 'pg_temp%')
  select md5(coalesce(string_agg(d, E'\\n' order by d), '')) as schema from (
    select n.nspname || '.' || c.relname || ' ' || c.relkind::text || coalesce(' ' || (
      select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || case when a.attnotnull then '!' else '' end, ',' order by a.attnum)
      from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as d
    from pg_class c join user_ns n on n.oid = c.relnamespace
    union all select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace in (select oid from user_ns)
    union all select proname || ' ' || md5(prosrc) from pg_proc where pronamespace in (select oid from user_ns)
    union all select tgname from pg_trigger where not tgisinternal
    union all select enumlabel from pg_enum
  ) s`;

async function tablesOf(client: PGlite): Promise<DumpState["tables"]> {
  const names = (
    await client.query<{ name: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    )
  ).rows.map((r) => r.name);
  const tables = new Map<string, string>();
  if (names.length) {
    const counted = names.map(
      (name) => `select ${literal(name)}::text as name, count(*) || ':' || coalesce(sum(hashtext(t::text)::bigint), 0) as state from ${name} t`,
    );
    for (const row of (await client.query<{ name: string; state: string }>(counted.join(" union all "))).rows) tables.set(row.name, row.state);
  }
  return tables;
}

async function sequencesOf(client: PGlite): Promise<DumpState["sequences"]> {
  const seqs = await client.query<{ name: string; last: string | null }>(
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as last from pg_sequences`,
  );
  return new Map(seqs.rows.map((row) => [row.name, row.last]));
}

const schemaOf = async (client: PGlite) => ((await client.query<{ schema: string }>(SCHEMA_SQL)).rows[0] as { schema: string }).schema;

const stateOf = async (client: PGlite): Promise<DumpState> => ({
  schema: await schemaOf(client),
  tables: await tablesOf(client),
  sequences: await sequencesOf(client),
});

const same = (a: DumpState, b: DumpState) =>
  a.schema === b.schema &&
  a.tables.size === b.tables.size &&
  [...a.tables].every(([name, state]) => b.tables.get(name) === state) &&
  a.sequences.size === b.sequences.size &&
  [...a.sequences].every(([name, last]) => b.sequences.has(name) && b.sequences.get(name) === last);

/**
 * Puts a copy back as the dump left it: the session's settings, locks and temporary tables
 * dropped, every table the dump had empty emptied, every sequence as it was. True only when the
 * result matches the dump in schema, rows and sequences; otherwise the copy is not reused.
 */
async function putBack(client: PGlite, dump: DumpState): Promise<boolean> {
  if (client.closed) return false;
  for (const statement of ["rollback", "reset all", "set time zone 'UTC'", "unlisten *", "close all", "discard temp", "select pg_advisory_unlock_all()"])
    await client.exec(statement);
  if ((await schemaOf(client)) !== dump.schema) return false;
  const toEmpty = [...(await tablesOf(client))].filter(([name, state]) => state !== dump.tables.get(name) && dump.tables.get(name)?.startsWith("0:"));
  if (toEmpty.length) await client.exec(`truncate ${toEmpty.map(([name]) => name).join(", ")} restart identity cascade`);
  const sequences = await sequencesOf(client);
  for (const [name, last] of dump.sequences) {
    if (sequences.get(name) === last) continue;
    await client.exec(last === null ? `alter sequence ${name} restart` : `select setval(${literal(name)}, ${Number(last)}, true)`);
  }
  return same(await stateOf(client), dump);
}

/**
 * Hands out a copy of `dump` (its key: which dump) as a Database whose queries stop working once
 * handed back, so nothing a file left running (a worker's timer) can reach the next file's data.
 */
export async function reusedCopy(key: string, open: () => Promise<Database>): Promise<{ database: Database; handBack(): Promise<void> }> {
  let copy = idle.get(key)?.pop();
  if (copy) reuseCounts.reused++;
  else {
    reuseCounts.started++;
    const fresh = await open();
    copy = { client: fresh.pglite!, uses: 0 };
    if (!loaded.has(key)) loaded.set(key, stateOf(copy.client));
    await loaded.get(key);
  }
  copy.uses++;
  const { client, revoke } = fenced(copy.client);
  const database = await pgliteDatabase(client);
  const taken = copy;
  return {
    database,
    async handBack() {
      revoke();
      const room = () => (idle.get(key)?.length ?? 0) < MAX_IDLE;
      const kept = taken.uses < MAX_USES && room() && (await putBack(taken.client, await loaded.get(key)!).catch(() => false));
      if (kept && room()) idle.set(key, [...(idle.get(key) ?? []), taken]);
      else if (!taken.client.closed) await taken.client.close();
    },
  };
}

/** The client for one file: after `revoke()` every call is refused (a rejected promise) instead of reaching the database. */
function fenced(client: PGlite) {
  let open = true;
  const proxy = new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function" || key === "constructor") return value;
      return (...args: unknown[]) => {
        // Rejected, as the client's own calls fail: a worker's catch handler sees it.
        if (!open) return Promise.reject(new Error(`a test database was used after its file handed it back (${String(key)})`));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { client: proxy, revoke: () => (open = false) };
}
