// Stripe Connect for the electricians' own accounts (docs/decisions/056-money-online-stripe-
// connect.md): Express accounts, onboarding links, and direct charges and refunds made on the
// connected account (the SDK's `stripeAccount` option sends the `Stripe-Account` header). No
// application fee: the platform takes nothing from a customer's payment.
import Stripe from "stripe";
import { AppError } from "../http/errors";
import { PAYMENT_SERVICE_UNAVAILABLE } from "./stripe-gateway";

export interface ConnectAccountState {
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

export interface ConnectIntent {
  id: string;
  clientSecret: string;
  /** Stripe's PaymentIntent status: "requires_payment_method", "succeeded", "canceled"... */
  status: string;
  amountCents: number;
}

export interface ConnectGateway {
  /** A new Express account for an electrician; the key makes a retried call make one account. */
  createAccount(input: { ownerId: number; email: string | null; idempotencyKey: string }): Promise<ConnectAccountState>;
  retrieveAccount(accountId: string): Promise<ConnectAccountState>;
  /** Stripe's onboarding page for the account (an account link, good for a few minutes). */
  onboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string>;
  /** A PaymentIntent on the connected account, paid with the Payment Element (automatic capture). */
  createIntent(input: {
    account: string;
    amountCents: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ConnectIntent>;
  retrieveIntent(account: string, intentId: string): Promise<ConnectIntent>;
  /** Cancels an intent nobody paid: an old tab's Pay button then fails at Stripe instead of charging again. */
  cancelIntent(account: string, intentId: string): Promise<ConnectIntent>;
  refund(input: { account: string; intentId: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string }>;
}

/** The account as Stripe describes it (an API answer or an `account.updated` event's object). */
export const accountState = (account: Pick<Stripe.Account, "id" | "charges_enabled" | "payouts_enabled" | "details_submitted">): ConnectAccountState => ({
  accountId: account.id,
  chargesEnabled: Boolean(account.charges_enabled),
  payoutsEnabled: Boolean(account.payouts_enabled),
  detailsSubmitted: Boolean(account.details_submitted),
});

/** Stripe refusing a request (a refund of what is not refundable) is 409 with its words; Stripe failing is 502. Never a 500. */
function connectError(err: unknown): unknown {
  if (!(err instanceof Stripe.errors.StripeError)) return err;
  if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError) {
    return new AppError(409, `Stripe refused this: ${err.message}`);
  }
  return new AppError(502, PAYMENT_SERVICE_UNAVAILABLE);
}

async function call<T>(stripeRequest: () => Promise<T>): Promise<T> {
  try {
    return await stripeRequest();
  } catch (err) {
    throw connectError(err);
  }
}

const intentOf = (intent: Stripe.PaymentIntent): ConnectIntent => {
  if (!intent.client_secret) throw new AppError(502, PAYMENT_SERVICE_UNAVAILABLE);
  return { id: intent.id, clientSecret: intent.client_secret, status: intent.status, amountCents: intent.amount };
};

export function createConnectGateway(stripe: Stripe): ConnectGateway {
  return {
    async createAccount({ ownerId, email, idempotencyKey }) {
      const account = await call(() =>
        stripe.accounts.create(
          {
            type: "express",
            country: "AU",
            ...(email ? { email } : {}),
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { providerId: String(ownerId) },
          },
          { idempotencyKey },
        ),
      );
      return accountState(account);
    },
    async retrieveAccount(accountId) {
      return accountState(await call(() => stripe.accounts.retrieve(accountId)));
    },
    async onboardingLink(accountId, { refreshUrl, returnUrl }) {
      const link = await call(() =>
        stripe.accountLinks.create({ account: accountId, type: "account_onboarding", refresh_url: refreshUrl, return_url: returnUrl }),
      );
      return link.url;
    },
    async createIntent({ account, amountCents, description, metadata, idempotencyKey }) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          { amount: amountCents, currency: "aud", automatic_payment_methods: { enabled: true }, description, metadata },
          { stripeAccount: account, idempotencyKey },
        ),
      );
      return intentOf(intent);
    },
    async retrieveIntent(account, intentId) {
      return intentOf(await call(() => stripe.paymentIntents.retrieve(intentId, {}, { stripeAccount: account })));
    },
    async cancelIntent(account, intentId) {
      return intentOf(await call(() => stripe.paymentIntents.cancel(intentId, {}, { stripeAccount: account })));
    },
    async refund({ account, intentId, amountCents, idempotencyKey }) {
      const refund = await call(() => stripe.refunds.create({ payment_intent: intentId, amount: amountCents }, { stripeAccount: account, idempotencyKey }));
      return { id: refund.id };
    },
  };
}
