// The electrician's own Stripe account (docs/decisions/056-money-online-stripe-connect.md): the
// owner opens Stripe's Express onboarding from the business details; its state comes from
// Stripe's signed `account.updated` events (and is read once more whenever a link is asked for).
import type { CurrentUser } from "../../../shared/auth";
import { ONLINE_PAYMENT_MESSAGES, type StripeAccount, type StripeOnboardingResponse } from "../../../shared/stripe-connect";
import type { StripeAccountRow } from "../../../shared/schema";
import { pipelineOwnerId } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { conflict } from "../../platform/http/errors";
import type { DocumentDeps } from "./deps";
import { insertStripeAccount, stripeAccountOf, updateStripeAccount, type AccountState } from "./online-repo";

/** `active` takes charges; `restricted` gave its details but Stripe holds charges; `pending` has not finished; `none` never started. */
export function stripeAccountView(row: StripeAccountRow | undefined, demo: boolean): StripeAccount {
  if (!row) return { status: "none", chargesEnabled: false, payoutsEnabled: false, demo };
  const status = row.chargesEnabled ? "active" : row.detailsSubmitted ? "restricted" : "pending";
  return { status, chargesEnabled: row.chargesEnabled, payoutsEnabled: row.payoutsEnabled, demo };
}

/** Whether the owner's customers can pay online now: always in demo mode; with Stripe, once the account takes charges. */
export async function takesOnlinePayments(deps: Pick<DocumentDeps, "db" | "connect">, ownerId: number) {
  if (!deps.connect) return { online: true, account: null };
  const row = await stripeAccountOf(deps.db, ownerId);
  return row?.chargesEnabled ? { online: true, account: row.accountId } : { online: false, account: null };
}

export async function readStripeAccount(deps: Pick<DocumentDeps, "db" | "connect">, ownerId: number): Promise<StripeAccount> {
  return stripeAccountView(await stripeAccountOf(deps.db, ownerId), !deps.connect);
}

/** Where Stripe sends the electrician back (the dashboard opens the business details on `stripe=`). */
export const onboardingUrls = (origin: string) => ({
  returnUrl: `${origin}/dashboard?stripe=return`,
  refreshUrl: `${origin}/dashboard?stripe=refresh`,
});

/** POST /api/provider/business/stripe-onboarding: the owner's account (made on the first call) and a fresh link to Stripe's onboarding. */
export async function startOnboarding(deps: DocumentDeps, user: CurrentUser): Promise<StripeOnboardingResponse> {
  const connect = deps.connect;
  if (!connect) throw conflict(ONLINE_PAYMENT_MESSAGES.onboardingDemo);
  const ownerId = pipelineOwnerId(user);
  const now = deps.now();
  let row = await stripeAccountOf(deps.db, ownerId);
  if (!row) {
    // The key makes two taps (or a retry) make one account at Stripe; the table keeps the first.
    const made = await connect.createAccount({ ownerId, email: null, idempotencyKey: `connect-account:${ownerId}` });
    await insertStripeAccount(deps.db, ownerId, made, now);
    row = (await stripeAccountOf(deps.db, ownerId))!;
  } else {
    await updateStripeAccount(deps.db, await connect.retrieveAccount(row.accountId), now);
  }
  return { url: await connect.onboardingLink(row.accountId, onboardingUrls(deps.settings.origin)) };
}

/** A signed `account.updated` event: the account's flags as Stripe now has them. */
export async function applyAccountUpdated(tx: Db, state: AccountState, now: Date) {
  await updateStripeAccount(tx, state, now);
}
