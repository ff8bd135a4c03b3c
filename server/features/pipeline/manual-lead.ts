// "Add Lead" (docs/product.md section 11): the super admin adds an available marketplace lead; a
// provider (or their team) adds their own job straight into their pipeline at $0.
import type { CurrentUser } from "../../../shared/auth";
import type { manualLeadRequest } from "../../../shared/pipeline";
import { can } from "../../../shared/policy";
import { leadPurchases } from "../../../shared/schema";
import type { z } from "zod";
import { pipelineOwnerId } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import type { MarketEvents } from "../../platform/events";

/** The fields of a lead typed in by hand: the quote form's, less its photos and honeypot. */
export type ManualQuote = Omit<z.output<typeof manualLeadRequest>, "budgetConcern" | "previousExperience">;

/**
 * The port a manual lead is made through: the quote intake's own path (a starting price, a job
 * reference, the market told), handed in by server/app.ts (docs/decisions/089-server-tiers.md).
 */
export type CreateLead = (
  db: Db,
  quote: ManualQuote,
  context: { now: Date; events: MarketEvents; maxStartingPrice: string; source: "admin_manual" | "provider_manual" },
) => Promise<{ id: number; jobReference: string }>;

export async function createManualLead(
  { db, events, maxStartingPrice, createLead }: { db: Db; events: MarketEvents; maxStartingPrice: string; createLead: CreateLead },
  user: CurrentUser,
  input: z.output<typeof manualLeadRequest>,
  now: Date,
) {
  const { budgetConcern: _b, previousExperience: _p, ...quote } = input;
  if (can(user, "addLeadToMarket")) {
    // The job link is the customer's: the admin who typed the lead in is not given it.
    const { id, jobReference } = await createLead(db, quote, { now, events, maxStartingPrice, source: "admin_manual" });
    return { id, jobReference };
  }
  return db.transaction(async (tx) => {
    const lead = await createLead(tx, quote, { now, events, maxStartingPrice, source: "provider_manual" });
    const buyerName = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
    await tx.insert(leadPurchases).values({
      leadId: lead.id,
      buyerId: pipelineOwnerId(user),
      buyerName,
      buyerEmail: user.email,
      buyerPhone: user.phone,
      buyerCompany: user.companyName,
      amountPaid: "0.00",
      originalPrice: "0.00",
      paymentStatus: "completed",
      purchasedAt: now,
      updatedAt: now,
    });
    return { id: lead.id, jobReference: lead.jobReference };
  });
}
