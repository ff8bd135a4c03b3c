// Figures from the counts (docs/decisions/066-price-tape.md): per group, the values at the ranks
// each quartile lies between (shared/market-stats.ts quantileRanks, in SQL), found by a running sum over the counts in value order, so a median
// is exact to the cent without reading a single sale. shared/market-stats.ts interpolates.
import { sql, type SQL } from "drizzle-orm";
import { interpolateQuantile, type Quartile } from "../../../shared/market-stats";
import type { Db } from "../../platform/db/client";
import { rowsOf } from "./count-repo";

type Runner = Pick<Db, "execute">;

/** A group's measure: how many values, and its quartiles (whole cents or minutes; the median of minutes in tenths). */
export interface MeasureFigures {
  total: number;
  p25: number;
  p50: number;
  p75: number;
}

interface RankRow {
  g: string;
  measure: string;
  total: number | string;
  v25lo: number;
  v25hi: number;
  v50lo: number;
  v50hi: number;
  v75lo: number;
  v75hi: number;
}

const at = (p: Quartile, which: 0 | 1) => (which === 0 ? sql.raw(`floor((total - 1) * ${p})`) : sql.raw(`least(floor((total - 1) * ${p}) + 1, total - 1)`));

/**
 * `source` yields (g, measure, value, n) with any number of rows per value; the answer has one
 * entry per group and measure. Minutes' medians come back in tenths of a minute.
 */
export async function quartilesBy(db: Runner, source: SQL): Promise<Map<string, Map<string, MeasureFigures>>> {
  const valueAt = (p: Quartile, which: 0 | 1) => sql`min(value) filter (where cum > ${at(p, which)})`;
  const result = await db.execute(sql`
    with c as (select g, measure, value, sum(n)::bigint as n from (${source}) s group by g, measure, value),
         r as (select g, measure, value, sum(n) over (partition by g, measure order by value) as cum, sum(n) over (partition by g, measure) as total from c)
    select g, measure, max(total) as total,
      ${valueAt(0.25, 0)} as v25lo, ${valueAt(0.25, 1)} as v25hi,
      ${valueAt(0.5, 0)} as v50lo, ${valueAt(0.5, 1)} as v50hi,
      ${valueAt(0.75, 0)} as v75lo, ${valueAt(0.75, 1)} as v75hi
    from r group by g, measure`);
  const figures = new Map<string, Map<string, MeasureFigures>>();
  for (const row of rowsOf<RankRow>(result)) {
    const total = Number(row.total);
    const tenfold = row.measure === "minutes" ? 10 : 1;
    const q = (p: Quartile, lo: number, hi: number) => interpolateQuantile(Number(lo) * tenfold, Number(hi) * tenfold, total, p);
    const measures = figures.get(row.g) ?? new Map<string, MeasureFigures>();
    measures.set(row.measure, { total, p25: q(0.25, row.v25lo, row.v25hi), p50: q(0.5, row.v50lo, row.v50hi), p75: q(0.75, row.v75lo, row.v75hi) });
    figures.set(row.g, measures);
  }
  return figures;
}
