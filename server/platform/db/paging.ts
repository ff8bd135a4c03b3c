// The operator's lists page by offset: one page, newest first, and the total behind it.
import { count, desc, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

export interface PageArgs {
  limit: number;
  offset: number;
}

/**
 * One page of `rows` (a dynamic select from `table`, filtered by `where`), newest first with the
 * id breaking ties so that pages never overlap, and how many rows of `table` match `where`.
 */
export async function newestFirstPage<Q extends PgSelect>(
  db: Db,
  rows: Q,
  table: PgTable & { createdAt: AnyPgColumn; id: AnyPgColumn },
  where: SQL | undefined,
  page: PageArgs,
): Promise<{ items: Awaited<Q>; total: number }> {
  const [items, [total]] = await Promise.all([
    rows.orderBy(desc(table.createdAt), desc(table.id)).limit(page.limit).offset(page.offset),
    db.select({ count: count() }).from(table).where(where),
  ]);
  return { items: items as Awaited<Q>, total: total!.count };
}
