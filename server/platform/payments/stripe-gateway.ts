import Stripe from "stripe";
import { AUTO_BUY_MESSAGES } from "../../../shared/auto-buy-messages";
import { MARKET_MESSAGES } from "../../../shared/market-messages";
import { AppError } from "../http/errors";
import { CardDeclined, type PaymentGateway } from "./gateway";

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
    async chargeSavedCard({ customerId, paymentMethodId, amountCents, leadId, buyerId, orderId }) {
      try {
        const intent = await stripe.paymentIntents.create({
          amount: amountCents,
          currency: "aud",
          capture_method: "manual",
          customer: customerId,
          payment_method: paymentMethodId,
          off_session: true,
          confirm: true,
          description: `Auto-buy order ${orderId}, lead ${leadId}`,
          metadata: { leadId: String(leadId), buyerId: String(buyerId), autoBuyOrderId: String(orderId) },
        });
        if (intent.status !== "requires_capture") {
          // Not held (e.g. the bank wants the owner present): no charge can follow; treat it as declined.
          await call(() => stripe.paymentIntents.cancel(intent.id)).catch(() => undefined);
          throw new CardDeclined(intent.status);
        }
        return { intentId: intent.id };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) throw new CardDeclined(err.decline_code ?? err.code ?? null, err.message);
        // The saved card or its customer is gone (detached, deleted in Stripe's dashboard): no retry
        // can succeed, so the order pauses as for a decline and the owner is told, instead of a
        // failing call every few seconds for as long as the lead is on sale.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new CardDeclined(err.code ?? "card_unusable", err.message);
        throw paymentError(err);
      }
    },
    async refund(id, amountCents, { idempotencyKey }) {
      await call(() => stripe.refunds.create({ payment_intent: id, ...(amountCents ? { amount: amountCents } : {}) }, { idempotencyKey }));
    },
    // Auto-buy's saved card (docs/decisions/063-auto-buy-orders.md): one customer per owner, one SetupIntent per order.
    async startCardSetup({ ownerId, email, orderId, customerId }) {
      const customer: string =
        customerId ??
        (await call(() =>
          stripe.customers.create({ email: email ?? undefined, metadata: { ownerId: String(ownerId) } }, { idempotencyKey: `auto-buy-customer-${ownerId}` }),
        ).then((made) => made.id));
      const intent = await call(() =>
        stripe.setupIntents.create({
          customer,
          usage: "off_session",
          allowed_payment_method_types: ["card"],
          metadata: { ownerId: String(ownerId), orderId: String(orderId) },
        }),
      );
      if (!intent.client_secret) throw new AppError(502, "No client secret received from server");
      return { setupIntentId: intent.id, clientSecret: intent.client_secret, customerId: customer };
    },
    async confirmCardSetup(id, { ownerId, orderId, customerId }) {
      const intent = await call(() => stripe.setupIntents.retrieve(id, { expand: ["payment_method"] })).catch((err: unknown) => {
        // An id Stripe does not know is the owner's wrong answer, not a payment refused.
        throw err instanceof AppError && err.status === 402 ? new AppError(400, AUTO_BUY_MESSAGES.cardNotConfirmed) : err;
      });
      const method = typeof intent.payment_method === "object" ? intent.payment_method : null;
      const customer = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
      const ours = customer === customerId && intent.metadata?.ownerId === String(ownerId) && intent.metadata?.orderId === String(orderId);
      if (intent.status !== "succeeded" || !ours || !method) throw new AppError(400, AUTO_BUY_MESSAGES.cardNotConfirmed);
      return { paymentMethodId: method.id, brand: method.card?.brand ?? null, last4: method.card?.last4 ?? null };
    },
  };
}
