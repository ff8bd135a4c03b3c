// Stripe's events, each endpoint with its own signing secret, the signature checked over the raw
// body, each event applied once: POST /api/stripe/webhook (the platform's own: lead purchases)
// and POST /api/stripe/connect-webhook (the electricians' connected accounts, docs/decisions/056).
import type { Logger } from "../../platform/logger";
import express, { Router, type Request } from "express";
import type Stripe from "stripe";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";
import type { StripeEventApplier } from "../../platform/payments";
import { applyStripeEventOnce, platformEventApplier, type RefundMadeInStripe } from "./stripe-events";

export interface StripeWebhookDeps {
  db: Db;
  stripe?: Stripe;
  webhookSecret?: string;
  /** What a refund made in Stripe's dashboard records (the platform's events). */
  refundMadeInStripe: RefundMadeInStripe;
  /** Where a dispute that cannot be read is said (docs/decisions/093-disputes.md). */
  logger?: Logger;
  /** Connect events: their endpoint's secret (STRIPE_CONNECT_WEBHOOK_SECRET) and what they change. */
  connect?: { webhookSecret?: string; apply: StripeEventApplier; after?: () => void };
}

/** The event, when its `Stripe-Signature` was made with this secret over exactly this body (and is fresh); 400 otherwise. */
function verifiedEvent(stripe: Stripe, req: Request, secret: string): Stripe.Event {
  try {
    return stripe.webhooks.constructEvent(req.body as Buffer, req.header("stripe-signature") ?? "", secret);
  } catch {
    throw new AppError(400, "Invalid Stripe signature");
  }
}

export function stripeWebhookRoutes(deps: StripeWebhookDeps) {
  // Mounted at /api/stripe, before the JSON parser (server/app.ts): the paths below are relative to it.
  const router = Router();
  const endpoint = (path: string, secret: string | undefined, apply: StripeEventApplier, after?: () => void) =>
    router.post(path, express.raw({ type: "*/*", limit: "1mb" }), async (req, res) => {
      if (!deps.stripe || !secret) throw new AppError(404, "Stripe webhooks are not configured");
      const firstTime = await applyStripeEventOnce(deps.db, verifiedEvent(deps.stripe, req, secret), apply);
      // After the commit: what the event queued (a receipt SMS) is there for the outbox to send.
      if (firstTime) after?.();
      res.json({ received: true, duplicate: !firstTime });
    });
  endpoint("/webhook", deps.webhookSecret, platformEventApplier(deps.refundMadeInStripe, deps.logger));
  if (deps.connect) endpoint("/connect-webhook", deps.connect.webhookSecret, deps.connect.apply, deps.connect.after);
  return router;
}
