// What the refund and "customer unreachable" tests share (docs/decisions/049): a market purchase
// with its logged tries, as the buyer's card would have recorded them, on a clock the test moves.
import type { ContactOutcome } from "../../shared/jobs";
import { contactAttempts, type leadPurchases, type NewLead } from "../../shared/schema";
import type { Db } from "../db/client";
import { createPurchase } from "../db/factories";

export const HOUR = 3_600_000;

export interface PurchaseWithTries {
  /** The purchase's instant. */
  boughtAt: Date;
  /** Each try: hours after the purchase, and what happened (no answer by default). */
  tries?: Array<[hoursAfter: number, outcome?: ContactOutcome]>;
  lead?: Partial<NewLead>;
  purchase?: Partial<typeof leadPurchases.$inferInsert>;
}

/** Jane Citizen's installation request in Parramatta NSW (a mobile), bought by `buyerId` for $40.00, with its tries logged. */
export async function purchaseWithTries(db: Db, buyerId: number, { boughtAt, tries = [], lead, purchase }: PurchaseWithTries) {
  const row = await createPurchase(db, buyerId, {
    lead: { customerName: "Jane Citizen", customerPhone: "0412345678", suburb: "Parramatta", state: "NSW", serviceType: "installation", ...lead },
    purchase: { purchasedAt: boughtAt, amountPaid: "40.00", ...purchase },
  });
  for (const [hours, outcome = "no_answer"] of tries) {
    await db
      .insert(contactAttempts)
      .values({ purchaseId: row.id, userId: buyerId, channel: "call", outcome, createdAt: new Date(boughtAt.getTime() + hours * HOUR) });
  }
  return row;
}

/** The job link's token in an SMS: "https://…/job/<token>". */
export function tokenIn(text: string): string {
  const match = /\/job\/([A-Za-z0-9_-]{32})/.exec(text);
  if (!match) throw new Error(`no job link in: ${text}`);
  return match[1]!;
}
