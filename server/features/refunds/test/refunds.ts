// What the refund and "customer unreachable" tests share (docs/decisions/049): a market purchase
// with its logged tries, as the buyer's card would have recorded them, on a clock the test moves.
import type { ContactOutcome } from "../../../../shared/jobs";
import { contactAttempts, outboxMessages, type leadPurchases, type LeadPurchase, type NewLead, type OutboxStatus } from "../../../../shared/schema";
import type { Db } from "../../../platform/db/client";
import { createPurchase } from "../../../setup/factories";
import { unreachableQuestionEvent } from "../question";

export const HOUR = 3_600_000;

export interface PurchaseWithTries {
  /** The purchase's instant. */
  boughtAt: Date;
  /** Each try: hours after the purchase, and what happened (no answer by default). */
  tries?: Array<[hoursAfter: number, outcome?: ContactOutcome]>;
  lead?: Partial<NewLead>;
  purchase?: Partial<typeof leadPurchases.$inferInsert>;
  /**
   * For a purchase made with a claim already on it: what became of the customer's question in
   * the outbox ("sent" to the customer's own mobile by default; "none" leaves no row).
   */
  question?: OutboxStatus | "none";
}

/** Jane Citizen's installation request in Parramatta NSW (a mobile), bought by `buyerId` for $40.00, with its tries logged. */
export async function purchaseWithTries(db: Db, buyerId: number, { boughtAt, tries = [], lead, purchase, question = "sent" }: PurchaseWithTries) {
  const customer = { customerName: "Jane Citizen", customerPhone: "0412345678", suburb: "Parramatta", state: "NSW", serviceType: "installation", ...lead };
  const row = await createPurchase(db, buyerId, {
    lead: customer,
    purchase: { purchasedAt: boughtAt, amountPaid: "40.00", ...purchase },
  });
  const claimedAt = purchase?.unreachableClaimedAt;
  if (claimedAt && question !== "none") await recordQuestion(db, row, customer.customerPhone, question, claimedAt);
  for (const [hours, outcome = "no_answer"] of tries) {
    await db
      .insert(contactAttempts)
      .values({ purchaseId: row.id, userId: buyerId, channel: "call", outcome, createdAt: new Date(boughtAt.getTime() + hours * HOUR) });
  }
  return row;
}

/** The customer's "did they reach you?" SMS as the outbox left it: `status` at `at`, to `phone` (the customer's own unless a test says otherwise). */
export async function recordQuestion(db: Db, purchase: Pick<LeadPurchase, "id" | "leadId">, phone: string, status: OutboxStatus, at: Date) {
  const to = phone.replace(/\D/g, "");
  await db.insert(outboxMessages).values({
    event: unreachableQuestionEvent(purchase.id),
    recipient: `sms:${to}`,
    channel: "sms",
    leadId: purchase.leadId,
    payload: { to, text: "Did the electrician reach you?" },
    status,
    createdAt: at,
    sentAt: status === "sent" ? at : null,
  });
}

/** The job link's token in an SMS: "https://…/job/<token>". */
export function tokenIn(text: string): string {
  const match = /\/job\/([A-Za-z0-9_-]{32})/.exec(text);
  if (!match) throw new Error(`no job link in: ${text}`);
  return match[1]!;
}
