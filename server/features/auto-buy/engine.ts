// The auto-buy engine (docs/decisions/064-auto-buy-engine.md): every instance runs one loop of
// passes. A pass schedules what the market's events named and, at their own pace, sweeps the
// changed orders and the unscheduled leads (scheduling.ts); then claims the due rows and starts
// their tries (claims.ts), each lead tried by the orders that want it in their turn (turn.ts).
// Woken by the market's events while some order can buy, and by the next due row; a tick is the
// safety net (docs/decisions/132-contested-purchases-with-less-beside-them.md).
import type { MarketEvents, MarketSignal } from "../../platform/events";
import { createClaims } from "./claims";
import type { OrderSaleDeps } from "./engine-sale";
import { createOrderBook } from "./order-book";
import { createScheduling } from "./scheduling";
import { createTurns } from "./turn";

export interface AutoBuyEngineDeps extends OrderSaleDeps {
  events: MarketEvents;
  /** How often the loop looks for due rows (ms). */
  tickMs?: number;
  /** How long a claim keeps a due row from other instances (ms). */
  leaseMs?: number;
}

export interface AutoBuyEngine {
  start(): Promise<void>;
  /** Every step until nothing is due now, both sweeps included (tests step the engine by hand). */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
  /** Milliseconds from the moment a lead's price reached the winning order's maximum to the sale's commit, one per sale since start. */
  readonly lateness: number[];
  /** Started and not stopped: the instance's readiness asks (docs/decisions/095-readiness-and-metrics.md). */
  running(): boolean;
}

const TICK_MS = 200;
/** The shortest wait between passes of the loop, when a row is due already (another instance may hold it for a moment). */
const MIN_WAIT_MS = 5;
const LEASE_MS = 30_000;
/** Changed orders are looked at this often at most (DESIGN section 9: "within 1 s"). */
const ORDER_SWEEP_MS = 1_000;
/** Leads with no schedule, or one from an old auction clock, are found at least this often. */
const LEAD_SWEEP_MS = 5_000;

export function createAutoBuyEngine(deps: AutoBuyEngineDeps): AutoBuyEngine {
  const { logger, now } = deps;
  const lateness: number[] = [];
  let stopped = false;
  const isStopped = () => stopped;
  /** The orders that can buy, as the order sweep last read them; loaded by its first look. */
  const book = createOrderBook();
  const scheduling = createScheduling({ ...deps, stopped: isStopped }, book);
  const claims = createClaims({ ...deps, leaseMs: deps.leaseMs ?? LEASE_MS, stopped: isStopped }, createTurns(deps, book, lateness));
  let lastOrderSweep = 0;
  let lastLeadSweep = 0;
  let running: Promise<void> | null = null;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  async function pass(force: boolean): Promise<void> {
    const wall = Date.now();
    const steps: Array<[string, () => Promise<unknown>]> = [["events", scheduling.scheduleAnnounced]];
    if (force || wall - lastOrderSweep >= ORDER_SWEEP_MS) {
      lastOrderSweep = wall;
      steps.push(["orders", scheduling.sweepOrders]);
    }
    if (force || wall - lastLeadSweep >= LEAD_SWEEP_MS) {
      lastLeadSweep = wall;
      steps.push(["leads", scheduling.sweepLeads]);
    }
    steps.push(["claims", () => claims.claimAndTry(force)]);
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (err) {
        logger.error({ err, step: name }, "auto-buy: a step failed; the next tick tries again");
      }
    }
  }

  /** One pass unless one is running already (a tick or a market event): then that one will do. */
  function run(force: boolean): Promise<void> {
    if (running) return running;
    running = pass(force).finally(() => {
      running = null;
    });
    return running;
  }

  /**
   * A forced pass of its own, after the one running: joined to a running pass, a step by hand
   * would return while the tries that pass started were still in flight, and before the sweeps
   * had looked at what was saved since it began.
   */
  async function runOwnPass(): Promise<void> {
    while (running) await running;
    return run(true);
  }

  const onSignal = (signal: MarketSignal) => {
    if (stopped) return;
    if ("eventId" in signal) scheduling.heard(signal.eventId);
    else if ("reset" in signal) lastLeadSweep = 0;
    else return;
    // With no order that can buy (the book as the last order sweep read it, at most
    // ORDER_SWEEP_MS ago) a pass has nothing to buy: the next tick takes these events, where a
    // burst of sales (every sale is an event) would run a pass of four statements for each.
    if (started && book.size > 0) void run(false);
  };

  return {
    lateness,
    async start() {
      started = true;
      unsubscribe = await deps.events.subscribe(onSignal);
      const tick = () => {
        if (stopped) return;
        void run(false).finally(() => {
          if (stopped) return;
          // At the next tick, or sooner when a row comes due before it: a lead's moment is not kept waiting for the tick.
          const tickMs = deps.tickMs ?? TICK_MS;
          const untilDue = claims.nextDue ? claims.nextDue.getTime() - now().getTime() + 1 : tickMs;
          timer = setTimeout(tick, Math.max(MIN_WAIT_MS, Math.min(tickMs, untilDue)));
          // As the alert worker's poll: the engine never keeps a process alive by itself (a bench, a script).
          timer.unref();
        });
      };
      tick();
    },
    runOnce: runOwnPass,
    running: () => started && !stopped,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe?.();
      await running;
      await claims.settled();
    },
  };
}
