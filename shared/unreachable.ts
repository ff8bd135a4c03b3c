// "Customer unreachable" (docs/decisions/049-missed-promises-and-refunds.md, "A customer who never
// answers"): the electrician who tried and could not reach the customer claims it once; the
// customer is asked by SMS; no answer in 48 hours refunds the purchase. The one home of the rule:
// the server's claim route applies it, and the pipeline card shows what it says.
import { z } from "zod";
import type { PurchaseRefundView } from "./refunds";
import { HOUR_MS } from "./durations";

/** A claim is made within this long of the purchase. */
export const UNREACHABLE_CLAIM_WINDOW_MS = 7 * 24 * HOUR_MS;
/** Two tries that did not reach the customer must be at least this far apart. */
export const UNREACHABLE_TRIES_APART_MS = 4 * HOUR_MS;
/** How long the customer has to answer before the purchase is refunded. */
export const UNREACHABLE_WAIT_MS = 48 * HOUR_MS;
/** A provider with more than this many `unreachable` refunds in the last 30 days has further claims checked by the operator. */
export const UNREACHABLE_AUTOMATIC_LIMIT = 3;
export const UNREACHABLE_LIMIT_WINDOW_MS = 30 * 24 * HOUR_MS;

/** Why a claim cannot be made (now, or at all on this job). */
export const UNREACHABLE_REFUSALS = [
  "own_job",
  "nothing_paid",
  "refunded",
  "already_claimed",
  "moved_on",
  "reached",
  "too_late",
  "no_tries",
  "second_try",
  "too_soon",
] as const;
export type UnreachableRefusal = (typeof UNREACHABLE_REFUSALS)[number];

/** The 409's message for each refusal, one per reason. */
export const UNREACHABLE_MESSAGES: Record<UnreachableRefusal, string> & Record<"operator" | "waiting" | "noOpenClaim", string> = {
  own_job: "This is your own job (added by you, not bought), so there is nothing to refund",
  nothing_paid: "This lead was claimed free, so there is nothing to refund",
  refunded: "This purchase has already been refunded",
  already_claimed: "Customer unreachable can be claimed once per job, and this job's claim has been made",
  moved_on: "Only a job still in Purchased, with no quote sent, can be claimed as customer unreachable",
  reached: "A contact attempt that reached the customer is logged on this job",
  too_late: "Customer unreachable can be claimed only within 7 days of the purchase",
  no_tries: "Log two tries that did not reach the customer, at least 4 hours apart, first",
  second_try: "Try once more at least 4 hours after your first try, and log it, first",
  too_soon: "Your tries must be at least 4 hours apart: try again 4 hours after the first and log it",
  waiting: "We have asked the customer by SMS. If they do not answer within 48 hours, you are refunded",
  operator: "Our team will check this claim against what both sides logged and let you know",
  noOpenClaim: "There is nothing to answer on this request any more",
};

/** The attempts that did not reach the customer: no answer, a message left, a wrong number. */
export interface MissedTries {
  count: number;
  first: Date | string | null;
  last: Date | string | null;
}

/** What the rule reads of a purchase, its lead and its logged attempts. */
export interface UnreachableFacts {
  source: string;
  amountPaid: string;
  salesStage: string;
  quoteSentAt: Date | string | null;
  purchasedAt: Date | string;
  refunded: boolean;
  claimedAt: Date | string | null;
  missed: MissedTries;
  /** Any attempt whose outcome was `reached`. */
  reached: boolean;
  /** Any attempt whose outcome was `wrong_number`. */
  wrongNumber: boolean;
  /** The customer confirmed their mobile by SMS code (leads.phone_verified_at). */
  mobileVerified: boolean;
}

export type UnreachableDecision =
  /** `customer`: the customer is asked, and the refund follows in 48 hours unless they answer; `wrong_number_verified`: the operator decides. */
  | { ok: true; path: "customer" | "wrong_number_verified" }
  /** `from`: when the claim opens (a second try from then), for the not-yet refusals. */
  | { ok: false; reason: UnreachableRefusal; from?: Date };

const ms = (t: Date | string) => new Date(t).getTime();

/** Whether the buyer may claim "customer unreachable" now, and by which path. */
export function unreachableDecision(f: UnreachableFacts, now: Date): UnreachableDecision {
  if (f.source === "provider_manual") return { ok: false, reason: "own_job" };
  if (Number(f.amountPaid) <= 0) return { ok: false, reason: "nothing_paid" };
  if (f.refunded) return { ok: false, reason: "refunded" };
  if (f.claimedAt) return { ok: false, reason: "already_claimed" };
  if (f.salesStage !== "purchased" || f.quoteSentAt) return { ok: false, reason: "moved_on" };
  if (f.reached) return { ok: false, reason: "reached" };
  if (now.getTime() - ms(f.purchasedAt) > UNREACHABLE_CLAIM_WINDOW_MS) return { ok: false, reason: "too_late" };
  const { count, first, last } = f.missed;
  if (count >= 2 && first && last && ms(last) - ms(first) >= UNREACHABLE_TRIES_APART_MS) return { ok: true, path: "customer" };
  // A wrong number on a mobile the customer never confirmed is believable on its own; on a
  // confirmed one it contradicts the code the customer typed, so the operator looks at both sides.
  if (f.wrongNumber) return { ok: true, path: f.mobileVerified ? "wrong_number_verified" : "customer" };
  if (count === 0 || !first) return { ok: false, reason: "no_tries" };
  const from = new Date(ms(first) + UNREACHABLE_TRIES_APART_MS);
  return { ok: false, reason: count === 1 ? "second_try" : "too_soon", from };
}

/** What the pipeline card shows of the claim. */
export const UNREACHABLE_STATUSES = ["available", "not_yet", "waiting", "customer_answered", "already_spoke", "refunded", "operator"] as const;

export const unreachableStateSchema = z.object({
  status: z.enum(UNREACHABLE_STATUSES),
  /** not_yet: why (no_tries, second_try, too_soon). */
  reason: z.enum(UNREACHABLE_REFUSALS).nullable(),
  /** not_yet: when a second try opens it; waiting: when the refund is due; otherwise when the claim ended. */
  at: z.string().nullable(),
});
export type UnreachableState = z.infer<typeof unreachableStateSchema>;

/** POST /api/lead-purchases/:id/unreachable: the card's new state and what to tell the buyer. */
export const unreachableClaimResponse = z.object({ message: z.string(), unreachable: unreachableStateSchema });
export type UnreachableClaimResponse = z.infer<typeof unreachableClaimResponse>;

/** The refusals the card explains ("after a second try 4 hours after the first"); the others hide the action. */
const NOT_YET: ReadonlySet<UnreachableRefusal> = new Set(["no_tries", "second_try", "too_soon"]);

export interface ClaimRecord {
  claimedAt: Date | string | null;
  outcome: string | null;
  settledAt: Date | string | null;
}

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

/** The card's state from the claim's columns, else from the rule; null when the card shows nothing of it. */
export function unreachableStateOf(claim: ClaimRecord, facts: UnreachableFacts, now: Date): UnreachableState | null {
  if (claim.claimedAt) {
    if (!claim.settledAt) return { status: "waiting", reason: null, at: new Date(ms(claim.claimedAt) + UNREACHABLE_WAIT_MS).toISOString() };
    const ended = UNREACHABLE_STATUSES.find((s) => s === claim.outcome);
    return ended ? { status: ended, reason: null, at: iso(claim.settledAt) } : null;
  }
  const decision = unreachableDecision(facts, now);
  if (decision.ok) return { status: "available", reason: null, at: null };
  return NOT_YET.has(decision.reason) ? { status: "not_yet", reason: decision.reason, at: decision.from ? decision.from.toISOString() : null } : null;
}

/** What each pipeline row carries of the after-sale (docs/decisions/049). */
export interface PurchaseAftercare {
  /** The purchase's refund row, or null. */
  refund: PurchaseRefundView | null;
  unreachable: UnreachableState | null;
}
