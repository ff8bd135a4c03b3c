// The operator's auction health (docs/decisions/066-price-tape.md): by region and Sydney week over
// the last 13 weeks, from the same counts as the price tape, without suppression (the operator
// sees every sale already): median minutes to sale, the share that reached $0 unsold, and the
// median sale price against the median starting price.
import { sql } from "drizzle-orm";
import { centsToDollars, type AuctionHealth } from "../../../shared/market-stats";
import { addDays, startOfSydneyDay, sydneyDayKey } from "../../../shared/sydney-time";
import type { Db } from "../../platform/db/client";
import { rowsOf } from "./count-repo";
import { quartilesBy } from "./figures-repo";

const WEEKS = 13;

export async function auctionHealth(db: Db, now: Date): Promise<AuctionHealth> {
  const today = sydneyDayKey(now);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(today, -weekday - 7 * (WEEKS - 1));
  const group = sql`state || '|' || key || '|' || to_char(date_trunc('week', day), 'YYYY-MM-DD')`;
  const figures = await quartilesBy(
    db,
    sql`select ${group} as g, measure, value, n from market_tape_counts where dimension = 'region' and day >= ${from} and measure in ('price', 'minutes', 'start')`,
  );
  const groups = rowsOf<{ g: string; label: string; sales: number; unsold: number }>(
    await db.execute(sql`
      select ${group} as g, min(label) as label,
        coalesce(sum(n) filter (where measure = 'price'), 0)::int as sales, coalesce(sum(n) filter (where measure = 'unsold'), 0)::int as unsold
      from market_tape_counts where dimension = 'region' and day >= ${from} and measure in ('price', 'unsold')
      group by 1 order by 1`),
  );
  return {
    from: startOfSydneyDay(from).toISOString(),
    to: now.toISOString(),
    rows: groups.map((g) => {
      const [state = "", region = "", week = ""] = g.g.split("|");
      const measures = figures.get(g.g);
      const price = measures?.get("price");
      const start = measures?.get("start");
      const minutes = measures?.get("minutes");
      const sales = Number(g.sales);
      const unsold = Number(g.unsold);
      return {
        region,
        label: g.label,
        state,
        week,
        sales,
        unsold,
        medianMinutesToSale: minutes ? minutes.p50 / 10 : null,
        unsoldShare: Math.round((unsold / Math.max(1, sales + unsold)) * 1000) / 1000,
        medianPrice: price ? centsToDollars(price.p50) : null,
        medianStartingPrice: start ? centsToDollars(start.p50) : null,
      };
    }),
  };
}
