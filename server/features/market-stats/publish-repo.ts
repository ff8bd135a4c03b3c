// The SQL of publishing the price tape (docs/decisions/066-price-tape.md): the group cells the
// suppression works on, the counts the figures come from, and the published rows' one write.
import { sql } from "drizzle-orm";
import { marketTapeRows } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { rowsOf } from "./count-repo";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The rows' groupings: the API's five and the chart's weeks, each always inside one state. */
export interface GroupCell {
  dimension: "state" | "region" | "suburb" | "serviceType" | "hour" | "week";
  state: string;
  key: string;
  label: string;
  recent: boolean;
  sales: number;
  unsold: number;
}

/** Sales and unsold listings per group and part of the window (the last 30 days, or the 60 before them). */
export async function groupCells(tx: Tx, from90: string, from30: string): Promise<GroupCell[]> {
  const result = await tx.execute(sql`
    select dimension, state, key, min(label) as label, day >= ${from30} as recent,
      coalesce(sum(n) filter (where measure = 'price'), 0)::int as sales, coalesce(sum(n) filter (where measure = 'unsold'), 0)::int as unsold
    from market_tape_counts where day >= ${from90} and measure in ('price', 'unsold')
    group by 1, 2, 3, 5
    union all
    select 'week', state, to_char(date_trunc('week', day), 'YYYY-MM-DD'), 'week', day >= ${from30},
      coalesce(sum(n) filter (where measure = 'price'), 0)::int, coalesce(sum(n) filter (where measure = 'unsold'), 0)::int
    from market_tape_counts where dimension = 'state' and day >= ${from90} and measure in ('price', 'unsold')
    group by 1, 2, 3, 5`);
  return rowsOf<GroupCell>(result).map((c) => ({ ...c, recent: Boolean(c.recent), sales: Number(c.sales), unsold: Number(c.unsold) }));
}

/** Prices and minutes per group over one window, the weeks from the state's own counts. */
export function figureSource(from: string) {
  return sql`
    select dimension || '|' || state || '|' || key as g, measure, value, n from market_tape_counts
    where day >= ${from} and measure in ('price', 'minutes')
    union all
    select 'week|' || state || '|' || to_char(date_trunc('week', day), 'YYYY-MM-DD'), measure, value, n from market_tape_counts
    where dimension = 'state' and day >= ${from} and measure = 'price'`;
}

/** Replaces every published row at once (the sweep's transaction). */
export async function writeRows(tx: Tx, rows: (typeof marketTapeRows.$inferInsert)[]) {
  await tx.delete(marketTapeRows);
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(marketTapeRows).values(rows.slice(i, i + 1000));
}
