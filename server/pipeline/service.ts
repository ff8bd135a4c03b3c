// The rules of the provider CRM (issue 6). Reads like the story: whose purchase is it,
// what changes, what is recorded.
import type { CurrentUser } from "../../shared/auth";
import type { SalesStage } from "../../shared/enums";
import { PIPELINE_MESSAGES, type editJobDetails, type salesStageUpdate } from "../../shared/pipeline";
import type { z } from "zod";
import { pipelineOwnerId } from "../auth/authorize";
import type { Db } from "../db/client";
import { forbidden, notFound } from "../http/errors";
import * as repo from "./repo";

const ownerFilter = (user: CurrentUser) => (user.userType === "super_admin" ? null : pipelineOwnerId(user));

/** Only the buyer, the buyer's team or the super admin; anyone else gets a 404, never a hint. */
async function ownedPurchase(db: Db, user: CurrentUser, purchaseId: number) {
  const purchase = await repo.findLivePurchase(db, purchaseId, ownerFilter(user));
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  return purchase;
}

export async function changeSalesStage(db: Db, user: CurrentUser, purchaseId: number, update: z.output<typeof salesStageUpdate>, now: Date) {
  const purchase = await ownedPurchase(db, user, purchaseId);
  return db.transaction(async (tx) => {
    const row = await repo.updatePurchaseStage(tx, purchase.id, update, now);
    const to = update.salesStage as SalesStage | undefined;
    if (to && to !== purchase.salesStage) {
      await repo.recordStageChange(tx, { purchaseId: purchase.id, changedBy: user.id, fromStage: purchase.salesStage, toStage: to, now });
    }
    return row;
  });
}

export async function editJob(db: Db, user: CurrentUser, leadId: number, fields: z.output<typeof editJobDetails>, now: Date) {
  const purchase = await repo.findLivePurchaseOfLead(db, leadId, pipelineOwnerId(user));
  if (!purchase) throw notFound("Lead not found");
  return repo.updateLeadFields(db, leadId, fields, now);
}

export async function archiveOwnPurchase(db: Db, user: CurrentUser, purchaseId: number, now: Date) {
  if (user.userType === "team_member") throw forbidden(PIPELINE_MESSAGES.teamCannot);
  const purchase = await ownedPurchase(db, user, purchaseId);
  await repo.archivePurchase(db, purchase.id, now);
  return { id: purchase.id };
}

/** Super admin only (the route checks the role): unpurchase or convert a contact to a lead. */
export async function releaseToMarket(db: Db, purchaseId: number, reason: "unpurchased" | "converted_to_lead", now: Date) {
  const purchase = await repo.findLivePurchase(db, purchaseId, null);
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  const released = await db.transaction((tx) => repo.releasePurchase(tx, purchase, reason, now));
  if (!released) throw notFound(PIPELINE_MESSAGES.notFound);
  return { id: purchase.id, leadId: purchase.leadId };
}
