// POST /api/stripe/webhook: signature verified on the raw body, each event handled once.
import express, { Router } from "express";
import { eq, and } from "drizzle-orm";
import type Stripe from "stripe";
import { leadPurchases, stripeEvents } from "../../shared/schema";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";

export function stripeWebhookRoutes(deps: { db: Db; stripe?: Stripe; webhookSecret?: string }) {
  const router = Router();
  router.post("/stripe/webhook", express.raw({ type: "*/*", limit: "1mb" }), async (req, res) => {
    if (!deps.stripe || !deps.webhookSecret) throw new AppError(404, "Stripe webhooks are not configured");
    const signature = req.header("stripe-signature");
    let event: Stripe.Event;
    try {
      event = deps.stripe.webhooks.constructEvent(req.body as Buffer, signature ?? "", deps.webhookSecret);
    } catch {
      throw new AppError(400, "Invalid Stripe signature");
    }
    const firstTime = await deps.db.transaction(async (tx) => {
      const inserted = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
      if (inserted.length === 0) return false;
      await applyEvent(tx, event);
      return true;
    });
    res.json({ received: true, duplicate: !firstTime });
  });
  return router;
}

/** Keeps purchases' payment status in step with what Stripe reports. */
async function applyEvent(tx: Db, event: Stripe.Event) {
  switch (event.type) {
    case "payment_intent.succeeded":
      await tx
        .update(leadPurchases)
        .set({ paymentStatus: "completed", updatedAt: new Date() })
        .where(and(eq(leadPurchases.paymentIntentId, event.data.object.id), eq(leadPurchases.paymentStatus, "pending")));
      return;
    case "charge.refunded": {
      const intent = event.data.object.payment_intent;
      const intentId = typeof intent === "string" ? intent : intent?.id;
      if (intentId && event.data.object.refunded) {
        await tx.update(leadPurchases).set({ paymentStatus: "refunded", updatedAt: new Date() }).where(eq(leadPurchases.paymentIntentId, intentId));
      }
      return;
    }
    default:
      return;
  }
}
