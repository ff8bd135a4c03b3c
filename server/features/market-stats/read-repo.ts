// Reading the published price tape (docs/decisions/066-price-tape.md): the rows of one view as the
// sweep wrote them, narrowed to a state; nothing is counted per request.
import { and, asc, eq, sql } from "drizzle-orm";
import { type MarketStats, type MarketStatsQuery, type MarketStatsRow, type MarketWeek } from "../../../shared/market-stats";
import { marketTapeRows, marketTapeState } from "../../../shared/schema";
import { addDays, startOfSydneyDay, sydneyDayKey } from "../../../shared/sydney-time";
import type { Db } from "../../platform/db/client";

type Row = typeof marketTapeRows.$inferSelect;

function toApiRow(row: Row): MarketStatsRow {
  if (row.suppressed) return { key: row.key, label: row.label, suppressed: true };
  return {
    key: row.key,
    label: row.label,
    sales: row.sales ?? 0,
    medianPrice: row.medianPrice ?? "0.00",
    p25Price: row.p25Price ?? "0.00",
    p75Price: row.p75Price ?? "0.00",
    medianMinutesToSale: Number(row.medianMinutesToSale),
    unsoldShare: Number(row.unsoldShare),
  };
}

function toWeek(row: Row): MarketWeek {
  const week = row.key.slice(row.key.indexOf(":") + 1);
  return row.suppressed ? { week, suppressed: true } : { week, sales: row.sales ?? 0, medianPrice: row.medianPrice ?? "0.00" };
}

export async function readMarketStats(db: Db, query: MarketStatsQuery, now: Date): Promise<MarketStats> {
  const view = (groupBy: string) =>
    and(eq(marketTapeRows.days, query.days), eq(marketTapeRows.groupBy, groupBy), query.state ? eq(marketTapeRows.state, query.state) : sql`true`);
  const [rows, weeks, [state]] = await Promise.all([
    db.select().from(marketTapeRows).where(view(query.groupBy)).orderBy(asc(marketTapeRows.position)),
    query.state ? db.select().from(marketTapeRows).where(view("week")).orderBy(asc(marketTapeRows.position)) : Promise.resolve([]),
    db.select().from(marketTapeState).where(eq(marketTapeState.id, 1)),
  ]);
  const lastDay = state?.publishedDay ?? sydneyDayKey(now);
  const to = state?.countedThrough ?? now;
  return {
    from: startOfSydneyDay(addDays(lastDay, 1 - query.days)).toISOString(),
    to: new Date(to).toISOString(),
    rows: rows.map(toApiRow),
    weeks: weeks.map(toWeek),
  };
}
