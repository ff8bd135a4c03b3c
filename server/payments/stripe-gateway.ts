import Stripe from "stripe";
import { MARKET_MESSAGES } from "../../shared/market-messages";
import { AppError } from "../http/errors";
import type { PaymentGateway } from "./gateway";

// Pinned so a Stripe account upgrade never changes the shapes this code reads.
export const STRIPE_API_VERSION = "2026-10-28.endive" as const;

export const PAYMENT_SERVICE_UNAVAILABLE = "Payment service unavailable. Please try again.";

/**
 * Capture runs inside the sale's transaction (docs/decisions/011): a short timeout and one
 * retry bound how long a lead row lock and a pooled connection wait on Stripe (~20 s worst).
 */
export function createStripeClient(secretKey: string, connection: { host?: string; port?: number; protocol?: "http" | "https" } = {}) {
  return new Stripe(secretKey, { apiVersion: STRIPE_API_VERSION, timeout: 10_000, maxNetworkRetries: 1, ...connection });
}

/**
 * Stripe's own errors as the API's: a card or id Stripe refuses ("pi_bogus", declined,
 * not capturable) is the buyer's 402; Stripe unreachable or failing is 502. Never a 500.
 */
export function paymentError(err: unknown): unknown {
  if (!(err instanceof Stripe.errors.StripeError)) return err;
  if (err instanceof Stripe.errors.StripeCardError || err instanceof Stripe.errors.StripeInvalidRequestError) {
    return new AppError(402, MARKET_MESSAGES.paymentNotAuthorised);
  }
  return new AppError(502, PAYMENT_SERVICE_UNAVAILABLE);
}

async function call<T>(stripeRequest: () => Promise<T>): Promise<T> {
  try {
    return await stripeRequest();
  } catch (err) {
    throw paymentError(err);
  }
}

export function createStripeGateway(stripe: Stripe): PaymentGateway {
  return {
    mode: "stripe",
    async authorise({ amountCents, leadId, buyerId, description }) {
      const intent = await call(() =>
        stripe.paymentIntents.create({
          amount: amountCents,
          currency: "aud",
          capture_method: "manual",
          automatic_payment_methods: { enabled: true },
          description,
          metadata: { leadId: String(leadId), buyerId: String(buyerId) },
        }),
      );
      if (!intent.client_secret) throw new AppError(502, "No client secret received from server");
      return { id: intent.id, clientSecret: intent.client_secret, amountCents: intent.amount };
    },
    async verify(id, { leadId, buyerId, amountCents }) {
      const intent = await call(() => stripe.paymentIntents.retrieve(id));
      const ok =
        intent.status === "requires_capture" &&
        intent.currency === "aud" &&
        intent.metadata.leadId === String(leadId) &&
        intent.metadata.buyerId === String(buyerId) &&
        intent.amount_capturable >= amountCents;
      if (!ok) throw new AppError(402, MARKET_MESSAGES.paymentNotAuthorised);
    },
    async capture(id, amountCents) {
      await call(() => stripe.paymentIntents.capture(id, { amount_to_capture: amountCents }));
    },
    async cancel(id) {
      await call(() => stripe.paymentIntents.cancel(id));
    },
    async release(id, { leadId, buyerId }, { capturedHere }) {
      const intent = await call(() => stripe.paymentIntents.retrieve(id));
      if (intent.metadata.leadId !== String(leadId) || intent.metadata.buyerId !== String(buyerId)) return "untouched";
      if (intent.status === "requires_capture") {
        await call(() => stripe.paymentIntents.cancel(id));
        return "cancelled";
      }
      // A succeeded intent this request did not capture is someone's completed sale (a
      // replay or a double-tap): refunding it would hand the lead out for free.
      if (intent.status === "succeeded" && capturedHere) {
        await call(() => stripe.refunds.create({ payment_intent: id }, { idempotencyKey: `failed-sale-${id}` }));
        return "refunded";
      }
      return "untouched";
    },
    async refund(id, amountCents, { idempotencyKey }) {
      await call(() => stripe.refunds.create({ payment_intent: id, ...(amountCents ? { amount: amountCents } : {}) }, { idempotencyKey }));
    },
  };
}
