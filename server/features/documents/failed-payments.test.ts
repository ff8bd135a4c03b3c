// A customer's online payment that did not go through (docs/decisions/093-disputes.md): Stripe's
// payment_intent.payment_failed (or its own cancel) on the electrician's account is said on the
// job page beside the way to pay again and on the card, until the customer pays.
import request from "supertest";
import { describe, expect, it } from "vitest";
import type { Invoice } from "../../../shared/invoices";
import type { PurchasedLead } from "../../../shared/pipeline";
import { ONLINE_PAYMENT_MESSAGES } from "../../../shared/stripe-connect";
import { CONNECT_SECRET, connectTestbed, intentIdOf, LINES } from "./test/online-payments";

const bed = connectTestbed();
const { deliver, paid, job, page } = bed;

async function startedPayment() {
  const j = await job();
  const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ items: LINES })).body as Invoice;
  const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
  return { j, intentId: intentIdOf(pay.body.payment.clientSecret) };
}

const failedEvent = (intentId: string, account: string, state: object) =>
  bed.fake.connectEvent("payment_intent.payment_failed", { ...bed.fake.intents.get(intentId)!, ...state }, { account, secret: CONNECT_SECRET });

const cardOf = async (j: Awaited<ReturnType<typeof job>>) =>
  ((await j.agents.owner.get("/api/my-purchased-leads")).body as PurchasedLead[]).find((p) => p.id === j.sale.id)!;

describe("a payment that did not go through", () => {
  it("when Stripe says the card was declined, then the job page and the card say so in Stripe's words, and the invoice can still be paid", async () => {
    const { j, intentId } = await startedPayment();
    const declined = failedEvent(intentId, j.account!, { status: "requires_payment_method", last_payment_error: { message: "Your card was declined." } });
    expect((await deliver(declined)).status).toBe(200);
    const invoice = (await page(j.token)).invoices[0]!;
    expect(invoice.paymentFailed).toEqual({ at: new Date(declined.event.created * 1000).toISOString(), message: "Your card was declined." });
    expect(invoice.actions).toEqual(["pay"]);
    expect((await cardOf(j)).documents.paymentFailed).toMatchObject({ message: "Your card was declined." });
  });

  it("when the customer then pays, then neither says it any more", async () => {
    const { j, intentId } = await startedPayment();
    await deliver(failedEvent(intentId, j.account!, { status: "requires_payment_method", last_payment_error: { message: "Insufficient funds." } }));
    expect((await page(j.token)).invoices[0]!.paymentFailed).not.toBeNull();
    await deliver(paid(intentId));
    expect((await page(j.token)).invoices[0]!.paymentFailed).toBeNull();
    expect((await cardOf(j)).documents.paymentFailed).toBeNull();
  });

  it("when Stripe cancels the payment itself, then it is said; when we cancelled it for a newer amount, it is not", async () => {
    const ours = await startedPayment();
    await deliver(
      bed.fake.connectEvent(
        "payment_intent.canceled",
        { ...bed.fake.intents.get(ours.intentId)!, status: "canceled", cancellation_reason: null },
        { account: ours.j.account!, secret: CONNECT_SECRET },
      ),
    );
    expect((await page(ours.j.token)).invoices[0]!.paymentFailed).toBeNull();
    const stripes = await startedPayment();
    await deliver(
      bed.fake.connectEvent(
        "payment_intent.canceled",
        { ...bed.fake.intents.get(stripes.intentId)!, status: "canceled", cancellation_reason: "abandoned" },
        { account: stripes.j.account!, secret: CONNECT_SECRET },
      ),
    );
    expect((await page(stripes.j.token)).invoices[0]!.paymentFailed).toMatchObject({ message: ONLINE_PAYMENT_MESSAGES.paymentCancelled });
  });

  it("when the event comes from another account than the intent's, then nothing is said", async () => {
    const { j, intentId } = await startedPayment();
    await deliver(failedEvent(intentId, "acct_someone_else", { status: "requires_payment_method", last_payment_error: { message: "Declined" } }));
    expect((await page(j.token)).invoices[0]!.paymentFailed).toBeNull();
  });
});
