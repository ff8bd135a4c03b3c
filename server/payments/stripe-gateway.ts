import Stripe from "stripe";
import { MARKET_MESSAGES } from "../../shared/marketplace";
import { AppError } from "../http/errors";
import type { PaymentGateway } from "./gateway";

// Pinned so a Stripe account upgrade never changes the shapes this code reads.
export const STRIPE_API_VERSION = "2026-10-28.endive" as const;

export function createStripeClient(secretKey: string, connection: { host?: string; port?: number; protocol?: "http" | "https" } = {}) {
  return new Stripe(secretKey, { apiVersion: STRIPE_API_VERSION, maxNetworkRetries: 1, ...connection });
}

export function createStripeGateway(stripe: Stripe): PaymentGateway {
  return {
    mode: "stripe",
    async authorise({ amountCents, leadId, buyerId, description }) {
      const intent = await stripe.paymentIntents.create({
        amount: amountCents,
        currency: "aud",
        capture_method: "manual",
        automatic_payment_methods: { enabled: true },
        description,
        metadata: { leadId: String(leadId), buyerId: String(buyerId) },
      });
      if (!intent.client_secret) throw new AppError(502, "No client secret received from server");
      return { id: intent.id, clientSecret: intent.client_secret, amountCents: intent.amount };
    },
    async verify(id, { leadId, buyerId, amountCents }) {
      const intent = await stripe.paymentIntents.retrieve(id);
      const ok =
        intent.status === "requires_capture" &&
        intent.currency === "aud" &&
        intent.metadata.leadId === String(leadId) &&
        intent.metadata.buyerId === String(buyerId) &&
        intent.amount_capturable >= amountCents;
      if (!ok) throw new AppError(402, MARKET_MESSAGES.paymentNotAuthorised);
    },
    async capture(id, amountCents) {
      await stripe.paymentIntents.capture(id, { amount_to_capture: amountCents });
    },
    async cancel(id) {
      await stripe.paymentIntents.cancel(id);
    },
    async release(id, { leadId, buyerId }) {
      const intent = await stripe.paymentIntents.retrieve(id);
      if (intent.metadata.leadId !== String(leadId) || intent.metadata.buyerId !== String(buyerId)) return;
      if (intent.status === "succeeded") await stripe.refunds.create({ payment_intent: id });
      else if (intent.status !== "canceled") await stripe.paymentIntents.cancel(id);
    },
    async refund(id, amountCents) {
      await stripe.refunds.create({ payment_intent: id, ...(amountCents ? { amount: amountCents } : {}) });
    },
  };
}
