// What applying one Stripe event inside the webhook's transaction looks like: the platform's own
// events and the Connect events of customers' online payments each have one (docs/decisions/056).
import type Stripe from "stripe";
import type { Db } from "../db/client";

export type StripeEventApplier = (tx: Db, event: Stripe.Event) => Promise<void>;
