// The bus across instances (docs/product.md section 12 "Fan-out"): NOTIFY in the publishing
// transaction (PostgreSQL delivers it on commit, never after a rollback), LISTEN on one
// dedicated connection per instance. The payload is the event's id only.
import pg from "pg";
import type { Logger } from "../logger";
import { announce, type MarketEvents, type MarketSignalHandler } from "./market-events";
import { notifyAccountChanged, notifyOf, storeAndNotifyMarketEvent } from "./repo";

const CHANNEL = "market_events";
/** "account:42": user 42's standing changed; any other payload is a market event's id. */
const ACCOUNT_PAYLOAD = /^account:(\d{1,15})$/;
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;
const OWN_EVENT_WAIT_MS = 5_000;
/** Ids heard before their sender stored them are pruned past this many (then forgotten if all are recent). */
const HEARD_PRUNE_AT = 10_000;

export function postgresMarketEvents(url: string, logger: Logger): MarketEvents {
  const handlers = new Set<MarketSignalHandler>();
  let client: pg.Client | null = null;
  let starting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  // Set while no connection listens: whatever was published meanwhile went unheard.
  let deaf = false;
  let closed = false;
  // Events this instance published whose NOTIFY has not come back yet: committed changes its
  // handlers have not heard of (or rolled back ones, forgotten after OWN_EVENT_WAIT_MS).
  const ownEvents = new Map<number, number>();
  // Events heard that were not (yet) among them: a quote's event is stored and NOTIFYed by its
  // own statement, which commits before the caller can say it stored it, so its NOTIFY may come
  // back first. Without this, every quote would leave the instance "not caught up" (its market
  // pages uncached) for OWN_EVENT_WAIT_MS.
  const heardFirst = new Map<number, number>();
  // Every other instance's events land here too: kept for OWN_EVENT_WAIT_MS, pruned as they come
  // so a quiet market page (caughtUp prunes as well) never lets the map grow.
  function rememberHeard(eventId: number) {
    const now = Date.now();
    if (heardFirst.size >= HEARD_PRUNE_AT) for (const [id, at] of heardFirst) if (now - at > OWN_EVENT_WAIT_MS) heardFirst.delete(id);
    if (heardFirst.size >= HEARD_PRUNE_AT) heardFirst.clear();
    heardFirst.set(eventId, now);
  }

  async function listen() {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on("notification", (message) => {
      const account = ACCOUNT_PAYLOAD.exec(message.payload ?? "");
      if (account) return announce(handlers, { accountOf: Number(account[1]) }, logger);
      const eventId = Number(message.payload);
      if (!Number.isSafeInteger(eventId)) return;
      if (!ownEvents.delete(eventId)) rememberHeard(eventId);
      announce(handlers, { eventId }, logger);
    });
    // A dropped connection must never crash the server: log it and listen again.
    next.on("error", (err) => logger.warn({ err }, "live market: the LISTEN connection failed"));
    next.on("end", () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (err) {
      logger.warn({ err, failures }, "live market: could not LISTEN; retrying");
      next.removeAllListeners("end");
      next.end().catch(() => {});
      deaf = true;
      return retryLater();
    }
    if (closed) return void next.end().catch(() => {});
    client = next;
    failures = 0;
    if (deaf) {
      deaf = false;
      logger.info("live market: listening again; streams are told to refetch");
      announce(handlers, { reset: true }, logger);
    }
  }

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = null;
    deaf = true;
    if (!closed) retryLater();
  }

  function retryLater() {
    if (closed) return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures++) * (0.5 + Math.random() / 2);
    retryTimer = setTimeout(() => void listen(), delay);
    retryTimer.unref();
  }

  return {
    async publish(tx, change) {
      ownEvents.set(await storeAndNotifyMarketEvent(tx, change, CHANNEL), Date.now());
    },
    storedWithLead: {
      wake: (eventId) => notifyOf(CHANNEL, eventId),
      stored: (eventId) => {
        if (!heardFirst.delete(eventId)) ownEvents.set(eventId, Date.now());
      },
    },
    async accountChanged(db, userId) {
      await notifyAccountChanged(db, CHANNEL, userId);
    },
    async subscribe(handler) {
      handlers.add(handler);
      starting ??= listen();
      await starting;
      return () => handlers.delete(handler);
    },
    caughtUp() {
      if (client === null || deaf) return false;
      const now = Date.now();
      for (const [id, at] of ownEvents) if (now - at > OWN_EVENT_WAIT_MS) ownEvents.delete(id);
      for (const [id, at] of heardFirst) if (now - at > OWN_EVENT_WAIT_MS) heardFirst.delete(id);
      return ownEvents.size === 0;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      handlers.clear();
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
