// Which bus a database gets. Apart from market-events.ts (the interface and `announce`), so
// the two buses import the interface without importing each other back through a factory.
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { inProcessMarketEvents } from "./in-process-bus";
import type { MarketEvents } from "./market-events";
import { postgresMarketEvents } from "./postgres-bus";

/** LISTEN/NOTIFY on PostgreSQL, in-process on PGlite (one process owns that database). */
export function marketEventsFor(database: Pick<Database, "kind" | "url">, logger: Logger): MarketEvents {
  if (database.kind === "pglite") return inProcessMarketEvents(logger);
  if (!database.url) throw new Error("the live market needs the PostgreSQL connection string to LISTEN");
  return postgresMarketEvents(database.url, logger);
}
