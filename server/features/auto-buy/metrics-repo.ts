// Drizzle only: the due rows waiting for the engine, for auto-buy's metrics (docs/decisions/095-readiness-and-metrics.md).
import { count, lte } from "drizzle-orm";
import { autoBuyDue } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export async function dueRowsAt(db: Db, at: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(autoBuyDue).where(lte(autoBuyDue.dueAt, at));
  return row?.n ?? 0;
}
