// The price tape's background work (docs/decisions/066-price-tape.md): a loop of its own on every
// instance, a pass at least every 5 s. One instance at a time holds the state row (FOR UPDATE
// SKIP LOCKED), counts what sold or reached $0 since its watermark, and at most every
// PUBLISH_EVERY_MS (or when the Sydney day turns) publishes the figures again: the tape is about
// 35 s behind the last sale plus the publish's own time, and a sale's own transaction never waits for it.
import { addDays, sydneyDayKey } from "../../../shared/sydney-time";
import type { Db } from "../../platform/db/client";
import type { Logger } from "../../platform/logger";
import { countSales, countUnsold, pruneCounts, stepBoundary } from "./count-repo";
import { lockTapeState, saveTapeState } from "./state-repo";
import { publishFigures } from "./publish";

/** How often the loop counts new sales and listings. */
const PASS_EVERY_MS = 5_000;
/** How often changed counts are published again: with a pass every 5 s, figures lag a sale by about 35 s plus the publish's own time. */
export const PUBLISH_EVERY_MS = 30_000;
/** The first pass (or a rebuild) counts this far back: the longer window and a day of margin. */
const FIRST_COUNT_DAYS = 91;
/** Sales counted in one step at most: about a second of work on PostgreSQL (docs/benchmarks.md, "The public price tape"). */
const COUNT_STEP_SALES = 20_000;

export interface PriceTapeDeps {
  db: Db;
  now: () => Date;
  logger?: Logger;
}

interface PassOptions {
  /** Publish as soon as anything changed, not only every PUBLISH_EVERY_MS. */
  publishNow?: boolean;
  /** End the pass after the step that uses this many milliseconds up. */
  budgetMs?: number;
  /** Sales per step (tests make it small). */
  stepSales?: number;
}

/**
 * One pass: count, then publish when due. Returns true when it did either. A long backlog (the
 * first pass over a busy market, or a rebuild) is counted in steps of at most COUNT_STEP_SALES
 * sales, each in its own transaction, so no transaction holds the state row for minutes and a
 * crash keeps the steps already taken; `budgetMs` ends the pass after the step that passes it
 * (the loop's passes stay short, so a graceful stop never waits minutes), and the next pass goes on from there. The
 * figures are published once the counting has caught up with the clock.
 */
export async function runPriceTape(deps: PriceTapeDeps, options: PassOptions = {}): Promise<boolean> {
  const started = Date.now();
  let did = false;
  for (;;) {
    const step = await countStep(deps, options);
    if (!step) return did;
    did = did || step.did;
    if (step.caughtUp || (options.budgetMs !== undefined && Date.now() - started >= options.budgetMs)) return did;
  }
}

/** One step of a pass in one transaction; null when another instance holds the state row. */
async function countStep({ db, now, logger }: PriceTapeDeps, options: PassOptions) {
  let result: { did: boolean; caughtUp: boolean } | null = null;
  await lockTapeState(db, async (tx, state) => {
    const clock = now();
    const since = state.counted_through ? new Date(state.counted_through) : new Date(clock.getTime() - FIRST_COUNT_DAYS * 86_400_000);
    const stepEnd = await stepBoundary(tx, since, options.stepSales ?? COUNT_STEP_SALES);
    const until = stepEnd && stepEnd < clock ? stepEnd : clock;
    const caughtUp = until === clock;
    const sales = await countSales(tx, since, until, clock);
    const unsold = await countUnsold(tx, since, until, clock);
    const dirty = state.dirty || sales + unsold > 0;
    const today = sydneyDayKey(clock);
    const publishedAt = state.published_at ? new Date(state.published_at).getTime() : 0;
    const due = caughtUp && (state.published_day !== today || (dirty && (options.publishNow || clock.getTime() - publishedAt >= PUBLISH_EVERY_MS)));
    if (due) {
      await pruneCounts(tx, addDays(today, -FIRST_COUNT_DAYS), clock);
      const rows = await publishFigures(tx, today);
      logger?.debug({ rows, sales, unsold }, "price tape: figures published");
    }
    await saveTapeState(tx, {
      countedThrough: until,
      dirty: dirty && !due,
      publishedAt: due ? clock : state.published_at,
      publishedDay: due ? today : state.published_day,
    });
    result = { did: sales + unsold > 0 || due, caughtUp };
    return true;
  });
  return result as { did: boolean; caughtUp: boolean } | null;
}

/**
 * The price tape on its own clock, every PASS_EVERY_MS, not among the alert worker's sweeps: a
 * publish over a million sales takes seconds (docs/benchmarks.md, "The public price tape"), and
 * the worker's outbox (SMS codes, alerts) must never wait behind it.
 */
export function createPriceTapeLoop(deps: PriceTapeDeps) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    // A second of counting per pass at most: a backlog goes on at the next pass.
    running = runPriceTape(deps, { budgetMs: 1_000 })
      .catch((err: unknown) => deps.logger?.error({ err }, "price tape: a pass failed; the next one tries again"))
      .finally(() => {
        running = null;
        if (stopped) return;
        timer = setTimeout(tick, PASS_EVERY_MS);
        // Never the reason a process stays alive (a bench, a script).
        timer.unref();
      });
  };
  return {
    start: tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
