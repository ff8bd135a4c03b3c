// The alert worker under a stream of market events (docs/decisions/133-the-alert-worker-gathers-between-passes.md):
// woken during a pass, it gathers again before the next, as its first wake-up does, rather than
// running pass after pass. A pass's steps are the real ones on the test database, with an outbox
// whose pass only notes when it ran.
import { afterAll, expect, it } from "vitest";
import type { MarketEvents, MarketSignalHandler } from "../../platform/events/market-events";
import { useTestApp } from "../../test/app";
import { workerOf } from "./test/worker";

const ctx = useTestApp({ startAlertWorker: false });
const PASS_MS = 30;
/** The worker's gathering (worker.ts GATHER_MS is 25 ms); a timer may fire a millisecond early. */
const GATHERED_MS = 20;

let stop: (() => Promise<void>) | undefined;
afterAll(() => stop?.());

it("when market events keep coming during its passes, then the worker gathers between one pass and the next", async () => {
  let announce: MarketSignalHandler = () => {};
  const events = { subscribe: async (handler: MarketSignalHandler) => ((announce = handler), () => undefined) } as unknown as MarketEvents;
  const passes: { start: number; end: number }[] = [];
  const worker = workerOf(ctx, {
    events,
    outbox: {
      async pass() {
        const start = performance.now();
        await new Promise((resolve) => setTimeout(resolve, PASS_MS));
        passes.push({ start, end: performance.now() });
        return false;
      },
    },
  });
  stop = () => worker.stop();
  await worker.start();
  // A sale or a quote every 5 ms for half a second.
  for (let at = 0; at < 500; at += 5) {
    announce({ eventId: at + 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await worker.stop();
  expect(passes.length).toBeGreaterThanOrEqual(3);
  const gaps = passes.slice(1).map((pass, i) => pass.start - passes[i]!.end);
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(GATHERED_MS);
});
