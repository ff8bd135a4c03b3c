// Customers' requests with their job links, for the job page's tests (docs/decisions/044-job-page.md):
// a market lead and the token of its link, a sale of it, and what the buyer logged.
import { contactAttempts, leadPurchases, salesStageHistory, type NewLead } from "../../shared/schema";
import type { ContactOutcome } from "../../shared/jobs";
import type { SalesStage } from "../../shared/enums";
import type { Db } from "../platform/db/client";
import { createLead, createPurchase } from "../setup/factories";
import { createJobLink } from "../core/job-links";

/** The token of a job path "/job/<token>". */
export const tokenOf = (jobUrl: string) => jobUrl.replace(/^\/job\//, "");

/** A market lead made at `createdAt` and its customer's link. */
export async function marketLead(db: Db, values: Partial<Omit<NewLead, "jobReference">> & { createdAt: Date }) {
  const lead = await createLead(db, { auctionStartedAt: values.createdAt, ...values });
  const token = tokenOf(await createJobLink(db, lead.id, values.createdAt));
  return { lead, token };
}

/** A market lead sold to `buyerId` at `purchasedAt`, with its link. */
export async function soldLead(
  db: Db,
  buyerId: number,
  times: { createdAt: Date; purchasedAt: Date },
  values: { lead?: Partial<Omit<NewLead, "jobReference">>; purchase?: Partial<typeof leadPurchases.$inferInsert> } = {},
) {
  const { lead, token } = await marketLead(db, { status: "sold", createdAt: times.createdAt, ...values.lead });
  const sale = await createPurchase(db, buyerId, { purchase: { purchasedAt: times.purchasedAt, ...values.purchase, leadId: lead.id } });
  return { lead, token, sale };
}

/** The buyer's side logged a contact attempt. */
export async function logAttempt(db: Db, purchaseId: number, outcome: ContactOutcome, at: Date) {
  await db.insert(contactAttempts).values({ purchaseId, channel: "call", outcome, createdAt: at });
}

/** The buyer moved the job to `toStage` (the history row only; the purchase's own columns are the caller's). */
export async function logMove(db: Db, purchaseId: number, toStage: SalesStage, at: Date) {
  await db.insert(salesStageHistory).values({ purchaseId, fromStage: "purchased", toStage, createdAt: at });
}
