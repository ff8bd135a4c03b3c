// The customer's answer to a "customer unreachable" claim (docs/decisions/049-missed-promises-and-
// refunds.md): from their job page, the token the only key. Any answer ends the claim (no refund)
// and tells the buyer, through the one outbox: "call again", or "they say you spoke".
import { JOB_PAGE_MESSAGES, type StillNeedRequest, type StillNeedResponse } from "../../../shared/jobs";
import { UNREACHABLE_MESSAGES } from "../../../shared/unreachable";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";
import { leadOfToken } from "../../core/job-links";
import { enqueueProviderNotice } from "../../core/messages";
import { answerNotice, ANSWER_THANKS } from "./notices";
import * as repo from "./unreachable-repo";

export interface StillNeedDeps {
  db: Db;
  now: () => Date;
  /** The site's public origin, for the e-mail's link. */
  origin: string;
}

/** 404 as GET /api/jobs/:token for any token that opens nothing; 409 when no claim is waiting for the customer. */
export async function answerStillNeed(deps: StillNeedDeps, token: string, input: StillNeedRequest): Promise<StillNeedResponse> {
  const lead = await leadOfToken(deps.db, token);
  if (!lead) throw new AppError(404, JOB_PAGE_MESSAGES.notFound);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Locked: an answer and the 48-hour refund take turns, and whichever is second finds the claim ended.
    const purchase = await repo.lockOpenClaimOfLead(tx, lead.id);
    if (!purchase) throw new AppError(409, UNREACHABLE_MESSAGES.noOpenClaim);
    const outcome = input.alreadySpoke ? "already_spoke" : "customer_answered";
    await repo.settleClaim(tx, purchase.id, outcome, now);
    const job = {
      purchaseId: purchase.id,
      userId: purchase.assignedTo ?? purchase.buyerId,
      leadId: lead.id,
      customerName: lead.customerName,
      suburb: lead.suburb,
    };
    await enqueueProviderNotice(tx, { ...answerNotice(outcome, job), origin: deps.origin, now });
    return { outcome, message: ANSWER_THANKS[outcome] };
  });
}
