// The live market's event bus (docs/product.md section 12 "Fan-out"). Whatever puts a lead on sale
// or takes it off publishes the change inside its own transaction; every instance hears the
// committed event's id and loads what it needs itself. Two implementations behind this one
// interface: PostgreSQL LISTEN/NOTIFY across instances, and in-process on the embedded default.
import type { LeadRemovalReason } from "../../shared/marketplace";
import type { Database, Db } from "../db/client";
import type { Logger } from "../logger";
import { inProcessMarketEvents } from "./in-process-bus";
import { postgresMarketEvents } from "./postgres-bus";

export type MarketChange = { type: "lead.added" | "lead.updated"; leadId: number } | { type: "lead.removed"; leadId: number; reason: LeadRemovalReason };

/** A committed event's id, or `reset` when events may have gone by unheard (a lost connection). */
export type MarketSignal = { eventId: number } | { reset: true };
export type MarketSignalHandler = (signal: MarketSignal) => void;

export interface MarketEvents {
  /**
   * Call inside the transaction that makes the change: the event is stored with it and is
   * announced only if that transaction commits (a rolled-back sale announces nothing).
   */
  publish(tx: Db, change: MarketChange): Promise<void>;
  /** Starts listening if not yet; resolves once the first attempt to listen is over. */
  subscribe(handler: MarketSignalHandler): Promise<() => void>;
  /**
   * Whether a read now is as new as every change announced so far: listening (not while a lost
   * LISTEN is retried), and every event this instance published has come back to its handlers
   * (one rolled back stops counting after a few seconds). GET /api/leads keeps pages only then.
   */
  caughtUp(): boolean;
  close(): Promise<void>;
}

/** LISTEN/NOTIFY on PostgreSQL, in-process on PGlite (one process owns that database). */
export function marketEventsFor(database: Pick<Database, "kind" | "url">, logger: Logger): MarketEvents {
  if (database.kind === "pglite") return inProcessMarketEvents(logger);
  if (!database.url) throw new Error("the live market needs the PostgreSQL connection string to LISTEN");
  return postgresMarketEvents(database.url, logger);
}

/** Hands a signal to every handler; one failing handler never stops the others or the caller. */
export function announce(handlers: Iterable<MarketSignalHandler>, signal: MarketSignal, logger: Logger) {
  for (const handler of handlers) {
    try {
      handler(signal);
    } catch (err) {
      logger.error({ err, signal }, "live market: an event handler failed");
    }
  }
}
