// "Customer unreachable" on the buyer's side (docs/decisions/049-missed-promises-and-refunds.md, "A
// customer who never answers"): the claim, once per job, under the rule of shared/unreachable.ts.
// Its usual path asks the customer by SMS and leaves the refund to the 48-hour sweep; a wrong
// number on a confirmed mobile, or a provider past the monthly limit, goes to the operator.
import type { CurrentUser } from "../../../shared/auth";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";
import { checkAustralianPhone } from "../../../shared/phone";
import type { Lead, LeadPurchase, OperatorReviewKind } from "../../../shared/schema";
import {
  UNREACHABLE_AUTOMATIC_LIMIT,
  UNREACHABLE_LIMIT_WINDOW_MS,
  UNREACHABLE_MESSAGES,
  unreachableDecision,
  unreachableStateOf,
  type PurchaseAftercare,
  type UnreachableClaimResponse,
  type UnreachableFacts,
} from "../../../shared/unreachable";
import { purchaseOwnerFilter } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { conflict, notFound } from "../../platform/http/errors";
import { createJobLink } from "../../core/job-links";
import { afterQuietHours, enqueueMessage } from "../../core/messages";
import { businessWords, unreachableSmsText } from "./notices";
import { customersOwnMobile, unreachableQuestionEvent } from "./question";
import { refundsOfPurchases } from "../../core/refunds";
import * as repo from "./unreachable-repo";
import type { AttemptFacts } from "./unreachable-repo";

export interface UnreachableDeps {
  db: Db;
  now: () => Date;
  /** The site's public origin (PUBLIC_URL): the job link must open from a phone. */
  origin: string;
  sitePhone: string;
}

const NO_ATTEMPTS = { count: 0, first: null, last: null, reached: false, wrongNumber: false };

/** The rule's view of a purchase, its lead and its attempts. */
export function factsOf(
  purchase: LeadPurchase,
  lead: Pick<Lead, "source" | "phoneVerifiedAt">,
  attempts: Omit<AttemptFacts, "purchaseId"> | undefined,
  refunded: boolean,
): UnreachableFacts {
  const a = attempts ?? NO_ATTEMPTS;
  return {
    source: lead.source,
    amountPaid: purchase.amountPaid,
    salesStage: purchase.salesStage,
    quoteSentAt: purchase.quoteSentAt,
    purchasedAt: purchase.purchasedAt,
    refunded: refunded || purchase.paymentStatus === "refunded",
    claimedAt: purchase.unreachableClaimedAt,
    missed: { count: a.count, first: a.first, last: a.last },
    reached: a.reached,
    wrongNumber: a.wrongNumber,
    mobileVerified: lead.phoneVerifiedAt !== null,
  };
}

const claimOf = (purchase: LeadPurchase) => ({
  claimedAt: purchase.unreachableClaimedAt,
  outcome: purchase.unreachableOutcome,
  settledAt: purchase.unreachableSettledAt,
});

/** POST /api/lead-purchases/:id/unreachable: the buyer, their team or the super admin, as for contact attempts. */
export async function claimUnreachable(deps: UnreachableDeps, user: CurrentUser, purchaseId: number): Promise<UnreachableClaimResponse> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Locked: the claim, a contact attempt and a refund of this purchase take turns.
    const purchase = await repo.lockLivePurchase(tx, purchaseId, purchaseOwnerFilter(user));
    if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
    const lead = await repo.findLead(tx, purchase.leadId);
    const attempts = (await repo.attemptFactsOf(tx, [purchase.id])).get(purchase.id);
    const facts = factsOf(purchase, lead, attempts, await repo.isRefunded(tx, purchase));
    const decision = unreachableDecision(facts, now);
    if (!decision.ok) throw conflict(UNREACHABLE_MESSAGES[decision.reason]);

    let kind: OperatorReviewKind | null = decision.path === "wrong_number_verified" ? "wrong_number_verified" : null;
    // The question can only go to the customer's own mobile (docs/decisions/073): without one,
    // nobody can say the customer was asked, so a person decides instead of the 48-hour refund.
    if (!kind && !customersOwnMobile(lead)) kind = "unreachable_not_asked";
    let load: number | null = null;
    if (!kind) {
      await repo.lockProviderClaims(tx, purchase.buyerId);
      load = await repo.unreachableLoadOf(tx, purchase.buyerId, new Date(now.getTime() - UNREACHABLE_LIMIT_WINDOW_MS));
      if (load > UNREACHABLE_AUTOMATIC_LIMIT) kind = "unreachable_over_limit";
    }
    if (kind) {
      const claimed = (await repo.markClaimed(tx, purchase.id, now, "operator"))!;
      await repo.openOperatorReview(tx, { purchaseId: purchase.id, kind, evidence: await evidenceOf(tx, user, claimed, lead, load), now });
      return { message: UNREACHABLE_MESSAGES.operator, unreachable: unreachableStateOf(claimOf(claimed), facts, now)! };
    }
    const claimed = (await repo.markClaimed(tx, purchase.id, now))!;
    await askTheCustomer(tx, deps, claimed, lead, now);
    return { message: UNREACHABLE_MESSAGES.waiting, unreachable: unreachableStateOf(claimOf(claimed), facts, now)! };
  });
}

/**
 * The customer's SMS, in the claim's transaction, with a job link minted there (a link's token
 * is kept only as its hash): held to 07:00 in the lead's state in its quiet hours. A claim on a
 * lead without a customer's mobile never comes here: it goes to the operator.
 */
async function askTheCustomer(tx: Db, deps: UnreachableDeps, purchase: LeadPurchase, lead: Lead, now: Date) {
  const mobile = customersOwnMobile(lead);
  if (!mobile) return;
  const jobUrl = `${deps.origin}${await createJobLink(tx, lead.id, now)}`;
  const text = unreachableSmsText({
    business: businessWords(await repo.businessOf(tx, purchase.buyerId)),
    serviceType: lead.serviceType,
    jobUrl,
    sitePhone: deps.sitePhone,
  });
  await enqueueMessage(tx, {
    event: unreachableQuestionEvent(purchase.id),
    recipient: `sms:${mobile}`,
    channel: "sms",
    leadId: lead.id,
    payload: { to: mobile, text },
    dueAt: afterQuietHours(lead.state, now),
    createdAt: now,
  });
}

/** Both sides' records as they stood at the claim: what the buyer logged, and what the customer confirmed. */
async function evidenceOf(tx: Db, user: CurrentUser, purchase: LeadPurchase, lead: Lead, load: number | null) {
  const attempts = await repo.attemptsOf(tx, purchase.id);
  const phone = checkAustralianPhone(lead.customerPhone);
  return {
    claim: { claimedAt: purchase.unreachableClaimedAt?.toISOString() ?? null, claimedBy: user.id },
    buyer: {
      buyerId: purchase.buyerId,
      purchasedAt: purchase.purchasedAt.toISOString(),
      amountPaid: purchase.amountPaid,
      salesStage: purchase.salesStage,
      attempts: attempts.map((a) => ({ channel: a.channel, outcome: a.outcome, at: a.at.toISOString(), by: a.userId })),
      ...(load !== null && { unreachableRefundsAndOpenClaimsLast30Days: load }),
    },
    customer: {
      requestedAt: lead.createdAt.toISOString(),
      phoneKind: phone.ok ? phone.kind : "invalid",
      mobileVerifiedAt: lead.phoneVerifiedAt?.toISOString() ?? null,
      closedByCustomerAt: lead.closedByCustomerAt?.toISOString() ?? null,
    },
  };
}

/** What each pipeline row carries of its refund and its claim, for the card and the Purchase History. */
export async function aftercareOf(db: Db, rows: Array<{ purchase: LeadPurchase; lead: Lead }>, now: Date): Promise<Map<number, PurchaseAftercare>> {
  const ids = rows.map((r) => r.purchase.id);
  const [refunds, attempts] = await Promise.all([refundsOfPurchases(db, ids), repo.attemptFactsOf(db, ids)]);
  const refundOf = new Map(refunds.map((r) => [r.purchaseId, r]));
  return new Map(
    rows.map(({ purchase, lead }) => {
      const refund = refundOf.get(purchase.id);
      const facts = factsOf(purchase, lead, attempts.get(purchase.id), Boolean(refund));
      return [
        purchase.id,
        {
          refund: refund ? { amount: refund.amount, reason: refund.reason, at: refund.createdAt.toISOString() } : null,
          unreachable: unreachableStateOf(claimOf(purchase), facts, now),
        },
      ];
    }),
  );
}
