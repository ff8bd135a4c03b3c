// What the documents need from the app (server/app.ts wires them).
import type { Db } from "../../platform/db/client";
import type { CustomerMessageSettings } from "../../core/messages";
import type { ConnectGateway } from "../../platform/payments";

export interface DocumentDeps {
  db: Db;
  now: () => Date;
  /** PUBLIC_URL and SITE_PHONE for the customer's SMS. */
  settings: CustomerMessageSettings;
  /** Wakes this instance's outbox, so a message due now leaves now. */
  wake: () => void;
  /**
   * Stripe Connect for customers' online payments (docs/decisions/056); absent: demo mode (no
   * Stripe keys, never in production), where a payment is recorded at once and nothing is charged.
   */
  connect?: ConnectGateway;
}
