// The price tape's background work (docs/decisions/066-price-tape.md): one of the alert worker's
// sweeps (server/alerts/worker.ts, at least every 5 s). One instance at a time holds the state
// row (FOR UPDATE SKIP LOCKED), counts what sold or reached $0 since its watermark, and at most
// every PUBLISH_EVERY_MS (or when the Sydney day turns) publishes the figures again: the tape is
// at most about 35 s behind the last sale, and a sale's own transaction never waits for it.
import { addDays, sydneyDayKey } from "../../shared/sydney-time";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { countSales, countUnsold, pruneCounts } from "./count-repo";
import { lockTapeState, saveTapeState } from "./state-repo";
import { publishFigures } from "./publish";

/** How often changed counts are published again: with the 5 s sweep, figures lag a sale by at most ~35 s. */
export const PUBLISH_EVERY_MS = 30_000;
/** The first pass (or a rebuild) counts this far back: the longer window and a day of margin. */
const FIRST_COUNT_DAYS = 91;

export interface PriceTapeDeps {
  db: Db;
  now: () => Date;
  logger?: Logger;
}

/** One pass: count, then publish when due. Returns true when it did either. */
export async function runPriceTape({ db, now, logger }: PriceTapeDeps, options: { publishNow?: boolean } = {}): Promise<boolean> {
  return lockTapeState(db, async (tx, state) => {
    const until = now();
    const since = state.counted_through ? new Date(state.counted_through) : new Date(until.getTime() - FIRST_COUNT_DAYS * 86_400_000);
    const sales = await countSales(tx, since, until, until);
    const unsold = await countUnsold(tx, since, until, until);
    const dirty = state.dirty || sales + unsold > 0;
    const today = sydneyDayKey(until);
    const publishedAt = state.published_at ? new Date(state.published_at).getTime() : 0;
    const due = state.published_day !== today || (dirty && (options.publishNow || until.getTime() - publishedAt >= PUBLISH_EVERY_MS));
    if (due) {
      await pruneCounts(tx, addDays(today, -FIRST_COUNT_DAYS), until);
      const rows = await publishFigures(tx, today);
      logger?.debug({ rows, sales, unsold }, "price tape: figures published");
    }
    await saveTapeState(tx, {
      countedThrough: until,
      dirty: dirty && !due,
      publishedAt: due ? until : state.published_at,
      publishedDay: due ? today : state.published_day,
    });
    return sales + unsold > 0 || due;
  });
}

/** The sweep the alert worker runs on its poll. */
export function createPriceTapeSweep(deps: PriceTapeDeps) {
  return { name: "price tape", run: () => runPriceTape(deps) };
}
