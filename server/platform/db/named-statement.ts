// A hot statement sent as a named prepared statement (docs/decisions/048-intake-cost.md, "Later:
// a quote's CPU"): on PostgreSQL each connection parses it once, and after a few runs may keep
// one plan for it instead of planning every run. The name is a hash of the text, so one name is
// always one text; only statements whose text does not vary (no lists of varying length) belong
// here, as each connection keeps every text it has prepared.
import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect, type PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "./client";

const dialect = new PgDialect();

/** The statement's text and parameters, built once by the caller and run with new values by `runCompiled`. */
export type CompiledStatement = { name: string; sql: string; params: unknown[] };

/** Compiles a statement (with `sql.placeholder(...)` for the values that change); the name comes from the text. */
export function compileStatement(query: SQL): CompiledStatement {
  const built = dialect.sqlToQuery(query);
  return { name: `s_${createHash("sha1").update(built.sql).digest("hex").slice(0, 24)}`, ...built };
}

/** Runs a compiled statement with its placeholders' values; the driver's raw result rows. */
export async function runCompiled<Row>(db: Db, statement: CompiledStatement, values: Record<string, unknown> = {}): Promise<Row[]> {
  const prepared = db._.session.prepareQuery(statement, undefined, statement.name, false);
  const result = (await prepared.execute(values)) as { rows: Row[] };
  return result.rows;
}

/** `db.execute(query)` as a named statement: built on every call, parsed and planned once per connection. */
export const executeNamed = <Row>(db: Db, query: SQL): Promise<Row[]> => runCompiled<Row>(db, compileStatement(query));

/**
 * A Drizzle query built once for each database and sent as the named prepared statement `name`
 * (`.prepare(name)` in `build`, with `sql.placeholder(...)` for the values): building a select of
 * a whole row took 55-270 µs of the server's one thread at every call, for a text that never
 * changes (docs/decisions/107-a-small-server-under-load.md). Keyed by the `Db` object, so every test
 * database, and a transaction, gets its own.
 */
export function preparedPerDatabase<Prepared>(build: (db: Db) => Prepared): (db: Db) => Prepared {
  const built = new WeakMap<Db, Prepared>();
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) built.set(db, (prepared = build(db)));
    return prepared;
  };
}

/**
 * Runs a compiled statement whose columns are `fields`, in their order, and maps its rows as
 * Drizzle maps a select of those fields (a timestamp column to a Date, a numeric to its string),
 * on whichever database or transaction it is handed: a Drizzle query's `.prepare()` binds it to
 * the session it was built on, so inside a transaction it was built again at every call (the sale's
 * insert into lead_purchases, 47 columns, every one returned: about 440 µs of the server's one
 * thread each time, docs/decisions/108-a-sale-in-fewer-statements.md).
 */
export function runCompiledAs<Row>(
  db: Db,
  statement: CompiledStatement,
  fields: Record<string, PgColumn | SQL>,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const ordered = Object.entries(fields).map(([key, field]) => ({ path: [key], field }));
  return db._.session.prepareQuery(statement, ordered, statement.name, false).execute(values) as Promise<Row[]>;
}

/**
 * Statements built once for each shape and kept: a statement written from parts (functions that
 * give a piece of its SQL, as a new lead's and a sale's companions are) and from other choices (which
 * columns it writes) has a handful of texts, each built on first use (docs/decisions/048-intake-cost.md,
 * docs/decisions/112-a-sale-in-one-statement.md). A shape names each part by its identity and each
 * choice by its text; `max` only guards against a caller that makes many.
 */
export function keptByShape(max = 200) {
  const kept = new Map<string, CompiledStatement>();
  return (shape: readonly (object | string | undefined)[], build: () => SQL): CompiledStatement => {
    // A part as "#id" and a choice as its text in quotes: neither can read as the other.
    const key = shape.map((piece) => (piece === undefined ? "" : typeof piece === "string" ? JSON.stringify(piece) : `#${partId(piece)}`)).join("|");
    let statement = kept.get(key);
    if (!statement) {
      statement = compileStatement(build());
      if (kept.size < max) kept.set(key, statement);
    }
    return statement;
  };
}

const partIds = new WeakMap<object, number>();
let nextPartId = 0;
function partId(part: object): number {
  let id = partIds.get(part);
  if (id === undefined) partIds.set(part, (id = nextPartId++));
  return id;
}
