// The embedded default's bus (docs/product.md section 12): one process owns the PGlite database, so
// an event only has to reach this process's own streams.
import type { Logger } from "../logger";
import { announce, type MarketEvents, type MarketSignalHandler } from "./market-events";
import { storeMarketEvent } from "./repo";

export function inProcessMarketEvents(logger: Logger): MarketEvents {
  const handlers = new Set<MarketSignalHandler>();
  return {
    async publish(tx, change) {
      const eventId = await storeMarketEvent(tx, change);
      // Announced before the commit, yet read after it: PGlite runs one transaction at a time,
      // so a subscriber's query for this event waits until the publishing transaction has
      // ended, and finds nothing if it rolled back.
      setImmediate(() => announce(handlers, { eventId }, logger));
    },
    storedWithLead: {
      wake: () => null,
      // Committed already: the statement was its own transaction.
      stored: (eventId) => setImmediate(() => announce(handlers, { eventId }, logger)),
    },
    async accountChanged(_db, userId) {
      setImmediate(() => announce(handlers, { accountOf: userId }, logger));
    },
    async subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    // Announced before the publishing transaction ends, and so before the request that made the change answers.
    caughtUp: () => true,
    async close() {
      handlers.clear();
    },
  };
}
