// POST /api/stripe/webhook: signature verified on the raw body, each event handled once.
import express, { Router } from "express";
import type Stripe from "stripe";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { handleStripeEvent } from "./stripe-events";

export function stripeWebhookRoutes(deps: { db: Db; stripe?: Stripe; webhookSecret?: string }) {
  // Mounted at /api/stripe, before the JSON parser (server/app.ts): the paths below are relative to it.
  const router = Router();
  router.post("/webhook", express.raw({ type: "*/*", limit: "1mb" }), async (req, res) => {
    if (!deps.stripe || !deps.webhookSecret) throw new AppError(404, "Stripe webhooks are not configured");
    const signature = req.header("stripe-signature");
    let event: Stripe.Event;
    try {
      event = deps.stripe.webhooks.constructEvent(req.body as Buffer, signature ?? "", deps.webhookSecret);
    } catch {
      throw new AppError(400, "Invalid Stripe signature");
    }
    const firstTime = await handleStripeEvent(deps.db, event);
    res.json({ received: true, duplicate: !firstTime });
  });
  return router;
}
