// What the documents need from the app (server/app.ts wires them).
import type { Db } from "../db/client";
import type { CustomerMessageSettings } from "../messages";

export interface DocumentDeps {
  db: Db;
  now: () => Date;
  /** PUBLIC_URL and SITE_PHONE for the customer's SMS. */
  settings: CustomerMessageSettings;
  /** Wakes this instance's outbox, so a message due now leaves now. */
  wake: () => void;
}
