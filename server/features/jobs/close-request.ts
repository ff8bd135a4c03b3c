// The customer closes their request from the job page (docs/decisions/049-missed-promises-and-
// refunds.md, "The customer closes"): off the market if unsold; a sold one stays its buyer's.
import { firstNameOf } from "../../../shared/customer-name";
import { JOB_ACTION_MESSAGES, type CloseReason } from "../../../shared/job-aftercare";
import { type JobView } from "../../../shared/jobs";
import { conflict } from "../../platform/http/errors";
import { enqueueProviderNotice } from "../../core/messages";
import { closeLead, lockLead, lockLivePurchaseOfLead } from "./aftercare-repo";
import { progressOf } from "./view";

import { openedLead, viewAfter, whereOf, type AftercareDeps } from "./aftercare";

/** How the electrician is told why the customer closed. */
const CLOSE_REASON_FOR_BUYER: Record<CloseReason, string> = {
  found_someone: "they found someone else",
  no_longer_needed: "they no longer need the work",
  other: "no reason given",
};

/**
 * The customer closes the request: 409 when it is already closed or paid. A request on sale
 * comes off the market and every screen; a sold one stays its buyer's (no refund), and the
 * electrician who works it is told.
 */
export async function closeRequest(
  deps: AftercareDeps,
  token: string,
  input: { reason: CloseReason; note?: string; onlyIfUnsold?: boolean },
): Promise<JobView> {
  const lead = await openedLead(deps.db, token);
  const now = deps.now();
  const told = await deps.db.transaction(async (tx) => {
    const sale = await lockLivePurchaseOfLead(tx, lead.id);
    const current = await lockLead(tx, lead.id);
    const { status } = await progressOf(tx, current);
    if (status === "paid") throw conflict(JOB_ACTION_MESSAGES.paid);
    if (status === "closed" || current.closedByCustomerAt) throw conflict(JOB_ACTION_MESSAGES.alreadyClosed);
    if (sale && input.onlyIfUnsold) throw conflict(JOB_ACTION_MESSAGES.alreadyBought);
    const offMarket = !sale && current.status === "available" && !current.isArchived;
    if (!(await closeLead(tx, lead.id, { reason: input.reason, note: input.note ?? null, now, offMarket }))) throw conflict(JOB_ACTION_MESSAGES.alreadyClosed);
    if (offMarket) await deps.events.publish(tx, { type: "lead.removed", leadId: lead.id, reason: "archived" });
    if (!sale) return false;
    await enqueueProviderNotice(tx, {
      event: `job.closed:${sale.id}`,
      userId: sale.assignedTo ?? sale.buyerId,
      leadId: lead.id,
      origin: deps.origin,
      now,
      title: `Closed by the customer: ${current.jobReference}`,
      body: `${firstNameOf(current.customerName)}${whereOf(current)} closed their request on their job page: ${CLOSE_REASON_FOR_BUYER[input.reason]}. No need to contact them about it.`,
    });
    return true;
  });
  if (told) deps.wake();
  return viewAfter(deps, lead, token);
}
