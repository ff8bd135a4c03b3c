import type { Config } from "../config";
import { createDemoGateway } from "./demo-gateway";
import { createStripeClient, createStripeGateway } from "./stripe-gateway";

/** STRIPE_SECRET_KEY set: real Stripe (test mode). Otherwise demo mode (never in production: config refuses). */
export function paymentsFromConfig(config: Pick<Config, "STRIPE_SECRET_KEY">) {
  if (!config.STRIPE_SECRET_KEY) return { payments: createDemoGateway(), stripe: undefined };
  const stripe = createStripeClient(config.STRIPE_SECRET_KEY);
  return { payments: createStripeGateway(stripe), stripe };
}
