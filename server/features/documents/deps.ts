// What the documents need from the app (server/app.ts wires them).
import type { SalesStage } from "../../../shared/enums";
import type { DeclineReason } from "../../../shared/pipeline-jobs";
import type { Db } from "../../platform/db/client";
import type { CustomerMessageSettings } from "../../core/messages";
import type { ConnectGateway } from "../../platform/payments";

/**
 * The move a document makes of its job's stage (docs/decisions/051-quotes-and-tax-invoices.md): the
 * pipeline's own path, handed in by server/app.ts, inside the document's transaction.
 */
export type MoveStageByDocument = (
  tx: Db,
  purchaseId: number,
  move: { to: SalesStage; changedBy: number | null; now: Date; decline?: { reason: DeclineReason; note: string | null } },
) => Promise<unknown>;

/**
 * A refund left one of the job's invoices no longer paid in full (docs/decisions/056): a job at
 * Paid goes back to the stage it had before, `reason` kept in its audit trail. The one backward
 * move a document makes, handed in by server/app.ts, inside the refund's transaction.
 */
export type MoveBackFromPaid = (tx: Db, purchaseId: number, move: { reason: string; changedBy: number | null; now: Date }) => Promise<unknown>;

/** Marks a job's review "Paid through Aussie Electricians" once its invoice is paid online (docs/decisions/058-reviews.md). */
export type MarkPaidOnPlatform = (tx: Db, purchaseId: number) => Promise<unknown>;

export interface DocumentDeps {
  moveStage: MoveStageByDocument;
  moveBackFromPaid: MoveBackFromPaid;
  markPaidOnPlatform: MarkPaidOnPlatform;
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
