// The alert worker (docs/product.md section 12 "Background work"; docs/decisions/029).
// Every instance runs one; the queue's row claims (FOR UPDATE SKIP LOCKED, leases) make each
// step happen once across them. It wakes soon (GATHER_MS) after every market event (a new lead's outbox
// row commits with its lead.added event: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite)
// and polls slowly as the safety net for retries, quiet hours, digests and missed wake-ups.
import type { Db } from "../db/client";
import type { MarketEvents } from "../events";
import type { Logger } from "../logger";
import type { Mailer } from "../mail";
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
}

export interface AlertWorker {
  start(): Promise<void>;
  /** Runs every step until nothing is left to do now; resolves when done (tests call it directly). */
  runOnce(): Promise<void>;
  /** Asks for a run soon (coalesced with one in progress). */
  wake(): void;
  stop(): Promise<void>;
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

export function createAlertWorker(deps: AlertWorkerDeps): AlertWorker {
  const { db, logger, now } = deps;
  const sender = { db, logger, mailer: deps.mailer, vapid: deps.vapid, origin: deps.origin, sessionSecret: deps.sessionSecret, production: deps.production };
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  async function pass(): Promise<boolean> {
    let busy = false;
    // A short batch means the outbox is empty: no further transaction to find that out.
    for (let matched = MATCH_BATCH; matched === MATCH_BATCH;) {
      matched = await matchPendingLeads(db, now(), MATCH_BATCH);
      if (matched > 0) busy = true;
    }
    for (;;) {
      const claimedAt = Date.now();
      const claimed = await claimDueDeliveries(db, now(), SEND_BATCH, leaseMs);
      if (claimed.length === 0) break;
      busy = true;
      await sendClaimed(sender, claimed, now(), { leaseMs, claimedAt });
    }
    if ((await sendDueDigests(sender, now())) > 0) busy = true;
    return busy;
  }

  function runOnce(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again && !stopped);
      } catch (err) {
        logger.error({ err }, "alerts: a worker pass failed; the next poll tries again");
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const wake = () => {
    if (!stopped) void runOnce();
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
      unsubscribe = await deps.events.subscribe(wakeSoon);
      timer = setInterval(wake, deps.pollMs);
      timer.unref();
      wake();
    },
    runOnce,
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(gathering);
      unsubscribe?.();
      await running;
    },
  };
}
