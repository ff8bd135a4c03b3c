// The Stripe stand-in keeps idempotency keys as Stripe does (docs/decisions/094-dispute-evidence.md),
// checked through the real `stripe` SDK: a repeat gets the first answer, a 500 included, and a
// repeat with other parameters is refused with an idempotency_error.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeClient } from "../platform/payments/stripe-gateway";
import { startFakeStripe } from "./fake-stripe";

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeClient("sk_test_fake", fake.connection);
});
afterAll(async () => {
  await fake?.stop();
});

describe("the Stripe stand-in's idempotency keys", () => {
  it("when a key is used again with the same parameters, then the first answer comes back and nothing more is made", async () => {
    const first = await stripe.customers.create({ email: "a@example.com" }, { idempotencyKey: "same-customer" });
    const again = await stripe.customers.create({ email: "a@example.com" }, { idempotencyKey: "same-customer" });
    expect(again.id).toBe(first.id);
    expect(fake.customers.size).toBe(1);
  });

  it("when a key is used again with other parameters, then Stripe refuses it with an idempotency_error", async () => {
    await stripe.customers.create({ email: "b@example.com" }, { idempotencyKey: "other-customer" });
    const refused = stripe.customers.create({ email: "c@example.com" }, { idempotencyKey: "other-customer" });
    await expect(refused).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(refused).rejects.toMatchObject({ type: "StripeIdempotencyError", statusCode: 400 });
  });

  it("when Stripe answered a key with a 500, then the same request under that key gets the 500 again", async () => {
    fake.failNext(2, { path: /^\/v1\/customers$/ });
    await expect(stripe.customers.create({ email: "d@example.com" }, { idempotencyKey: "failed-customer" })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAPIError,
    );
    await expect(stripe.customers.create({ email: "d@example.com" }, { idempotencyKey: "failed-customer" })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAPIError,
    );
    const fresh = await stripe.customers.create({ email: "d@example.com" }, { idempotencyKey: "failed-customer:1" });
    expect(fresh.email).toBe("d@example.com");
  });

  it("when the answer was lost after Stripe took the request, then the same key gets what Stripe did", async () => {
    fake.failNext(2, { path: /^\/v1\/customers$/, afterApplying: true });
    await expect(stripe.customers.create({ email: "e@example.com" }, { idempotencyKey: "lost-customer" })).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    const taken = await stripe.customers.create({ email: "e@example.com" }, { idempotencyKey: "lost-customer" });
    expect([...fake.customers.values()].filter((c) => c.email === "e@example.com")).toEqual([expect.objectContaining({ id: taken.id })]);
  });
});
