// The alert worker (docs/product.md section 12 "Background work"; docs/decisions/029).
// Every instance runs one; the queue's row claims (FOR UPDATE SKIP LOCKED, leases) make each
// step happen once across them. It wakes soon (GATHER_MS) after every market event (a new lead's outbox
// row commits with its lead.added event: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite)
// and polls slowly as the safety net for retries, quiet hours, digests and missed wake-ups.
// Woken again during a pass, it gathers as long again before the next
// (docs/decisions/133-the-alert-worker-gathers-between-passes.md).
// The one outbox's share (docs/decisions/046-one-outbox.md) runs in the same pass: one loop
// per instance for alerts and messages alike, polling at least every 5 s for it.
import type { Db } from "../../platform/db/client";
import type { MarketEvents } from "../../platform/events";
import type { Logger } from "../../platform/logger";
import type { Mailer } from "../../platform/mail";
import { sendDueDigests } from "./digest";
import { claimDueDeliveries, LEASE_MS, matchPendingLeads } from "./queue-repo";
import { sendClaimed } from "./sender";
import type { VapidSource } from "./vapid";

export interface AlertWorkerDeps {
  db: Db;
  events: MarketEvents;
  logger: Logger;
  mailer: Mailer;
  vapid: VapidSource;
  now: () => Date;
  origin: string;
  sessionSecret: string;
  pollMs: number;
  /** Production posts only to the real push services (endpoints.ts). */
  production: boolean;
  /** The send claim's lease (queue.ts LEASE_MS); tests make it short. */
  leaseMs?: number;
  /**
   * The one outbox (server/core/messages), run after the alerts in every pass: its sends always, its
   * sweep for due reminders on the poll and on runOnce(), not on each market event (a sale makes
   * nothing due for the sweep at once, and a burst of events must not rerun it back to back).
   */
  outbox?: { pass(options: { sweep: boolean; stopping: () => boolean }): Promise<boolean> };
  /**
   * Other due work found by sweeping a clock's column (docs/product.md section 14 "Clocks"), e.g.
   * the 48-hour "customer unreachable" refunds (server/features/refunds): run on the poll and on
   * runOnce(), each in its own try, before the outbox, so what they queue goes in the same pass.
   */
  sweeps?: Array<{ name: string; run(): Promise<boolean> }>;
  /** Job photos' deletions (docs/decisions/050-photos.md), after the outbox, in their own try. */
  photos?: { pass(options: { sweep: boolean }): Promise<boolean> };
}

export interface AlertWorker {
  start(): Promise<void>;
  /** Runs every step until nothing is left to do now; resolves when done (tests call it directly). */
  runOnce(): Promise<void>;
  /**
   * Asks for a run soon: after the same short gathering as a market event (GATHER_MS), so that
   * under a burst of quotes each one's SMS code and listing share a pass instead of every code
   * starting a pass of its own (docs/decisions/055-young-generation-and-test-order.md).
   */
  wake(): void;
  stop(): Promise<void>;
  /** Started and not stopped: the instance's readiness asks (docs/decisions/095-readiness-and-metrics.md). */
  running(): boolean;
}

/**
 * Deliveries claimed at a time. Users go 64 at once and a user's leads one after another, so
 * a batch can outlast its lease; the sender then gives the rest back (sender.ts SEND_MARGIN_MS).
 */
const SEND_BATCH = 500;
/** New leads matched per transaction. */
const MATCH_BATCH = 20;
/**
 * How long a wake-up from a market event waits before the pass, so that under a burst of quotes
 * one pass matches many leads instead of each quote paying for a pass of its own
 * (docs/decisions/048-intake-cost.md). Alerts go out within seconds; this is a blink of it.
 */
const GATHER_MS = 25;

/**
 * The slowest the poll may be: the outbox's due work (reminders, retries, the end of quiet
 * hours) is found by a sweep at least this often (docs/product.md section 14 "Clocks").
 */
export const OUTBOX_SWEEP_MS = 5_000;

export function createAlertWorker(deps: AlertWorkerDeps): AlertWorker {
  const { db, logger, now } = deps;
  const sender = { db, logger, mailer: deps.mailer, vapid: deps.vapid, origin: deps.origin, sessionSecret: deps.sessionSecret, production: deps.production };
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;
  /** The next pass also sweeps for due reminders: set by the poll and by runOnce(). */
  let sweepWanted = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  async function alertPass(): Promise<boolean> {
    let busy = false;
    // A short batch means the outbox is empty: no further transaction to find that out.
    const stopping = () => stopped;
    for (let matched = MATCH_BATCH; matched === MATCH_BATCH && !stopped;) {
      matched = await matchPendingLeads(db, now(), MATCH_BATCH);
      if (matched > 0) busy = true;
    }
    // A draining instance claims no more, and gives back what it has not started (docs/decisions/098-restarts-without-a-dropped-request.md).
    while (!stopped) {
      const claimedAt = Date.now();
      const claimed = await claimDueDeliveries(db, now(), SEND_BATCH, leaseMs);
      if (claimed.length === 0) break;
      busy = true;
      await sendClaimed(sender, claimed, now(), { leaseMs, claimedAt, stopping });
    }
    if (!stopped && (await sendDueDigests(sender, now())) > 0) busy = true;
    return busy;
  }

  /** Alerts, then the other sweeps, then the outbox; one failing never keeps another from its turn. */
  async function pass(): Promise<void> {
    try {
      await alertPass();
    } catch (err) {
      logger.error({ err }, "alerts: a worker pass failed; the next poll tries again");
    }
    const sweep = sweepWanted;
    sweepWanted = false;
    for (const other of sweep ? (deps.sweeps ?? []) : []) {
      // Stopping, the next sweep waits for another instance's poll (docs/decisions/098-restarts-without-a-dropped-request.md).
      if (stopped) break;
      try {
        await other.run();
      } catch (err) {
        logger.error({ err }, `${other.name}: a sweep failed; the next poll tries again`);
      }
    }
    try {
      await deps.outbox?.pass({ sweep, stopping: () => stopped });
    } catch (err) {
      logger.error({ err }, "outbox: a worker pass failed; the next poll tries again");
    }
    try {
      await deps.photos?.pass({ sweep });
    } catch (err) {
      logger.error({ err }, "photos: a worker pass failed; the next poll tries again");
    }
  }

  /** A pass now, the outbox's sweep included (the poll, tests). */
  function runOnce(): Promise<void> {
    sweepWanted = true;
    return run();
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
          // Woken during the pass: gather again before the next, as the first wake-up does, so
          // that under a stream of events each pass takes what came meanwhile; straight after one
          // another, the passes made the same claims and sweeps for a few new rows each.
          if (again && !stopped) await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
        } while (again && !stopped);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  // Before start(), and in tests that step the worker by hand, a wake-up or a tick does nothing.
  const wake = () => {
    if (started && !stopped) void run();
  };
  const tick = () => {
    if (started && !stopped) void runOnce();
  };
  let gathering: NodeJS.Timeout | undefined;
  const wakeSoon = () => {
    if (stopped || gathering) return;
    gathering = setTimeout(() => {
      gathering = undefined;
      wake();
    }, GATHER_MS);
  };

  return {
    async start() {
      started = true;
      unsubscribe = await deps.events.subscribe(wakeSoon);
      timer = setInterval(tick, Math.min(deps.pollMs, OUTBOX_SWEEP_MS));
      timer.unref();
      tick();
    },
    runOnce,
    wake: wakeSoon,
    running: () => started && !stopped,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(gathering);
      unsubscribe?.();
      await running;
    },
  };
}
