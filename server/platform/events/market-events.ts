// The live market's event bus (docs/product.md section 12 "Fan-out"). Whatever puts a lead on sale
// or takes it off publishes the change inside its own transaction; every instance hears the
// committed event's id and loads what it needs itself. Two implementations behind this one
// interface: PostgreSQL LISTEN/NOTIFY across instances, and in-process on the embedded default
// (server/platform/events/for-database.ts picks one).
import type { SQL } from "drizzle-orm";
import type { LeadRemovalReason } from "../../../shared/marketplace";
import type { Db } from "../db/client";
import type { Logger } from "../logger";

export type MarketChange = { type: "lead.added" | "lead.updated"; leadId: number } | { type: "lead.removed"; leadId: number; reason: LeadRemovalReason };

/**
 * A committed event's id, `reset` when events may have gone by unheard (a lost connection), or
 * `accountOf`: that user's standing changed (an operator's verdict), for their open streams only.
 */
export type MarketSignal = { eventId: number } | { reset: true } | { accountOf: number };
export type MarketSignalHandler = (signal: MarketSignal) => void;

export interface MarketEvents {
  /**
   * Call inside the transaction that makes the change: the event is stored with it and is
   * announced only if that transaction commits (a rolled-back sale announces nothing).
   */
  publish(tx: Db, change: MarketChange): Promise<void>;
  /**
   * A new lead's event stored by the one statement that writes the lead, with no transaction
   * around it (server/platform/events/repo.ts leadAddedEventOf, docs/decisions/048-intake-cost.md): what
   * that statement also selects to wake every instance (PostgreSQL's NOTIFY of the event's id,
   * sent when it commits; null in-process), and `stored` once it has run.
   */
  storedWithLead: { wake(eventId: SQL): SQL | null; stored(eventId: number): void };
  /**
   * Tells every instance that this user's account changed (approved, rejected, licence renewed),
   * so their open dashboards ask again (docs/decisions/037-every-job-write-carries-its-version.md).
   * Not stored: a stream that misses it is told market.reset, and the dashboard also asks each minute.
   */
  accountChanged(db: Db, userId: number): Promise<void>;
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
