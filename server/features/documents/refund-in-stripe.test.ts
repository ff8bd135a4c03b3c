// A refund the electrician makes in their own Stripe dashboard (docs/decisions/093-disputes.md):
// Stripe's charge.refunded on their connected account is recorded once against the payment, the
// invoice leaves Paid, and the refund this app made itself is never counted twice.
import request from "supertest";
import { describe, expect, it } from "vitest";
import type { Invoice } from "../../../shared/invoices";
import { ONLINE_PAYMENT_MESSAGES } from "../../../shared/stripe-connect";
import { CONNECT_SECRET, connectTestbed, intentIdOf, LINES } from "./test/online-payments";

const bed = connectTestbed();
const { deliver, paid, job, documentsOf } = bed;

/** Stripe's charge as charge.refunded shows it: the running total refunded and the newest refund first. */
const refundedCharge = (intentId: string, amountRefunded: number, refundIds: string[]) => ({
  id: `ch_of_${intentId}`,
  object: "charge",
  payment_intent: intentId,
  amount: 110000,
  amount_refunded: amountRefunded,
  refunded: amountRefunded >= 110000,
  refunds: { object: "list", data: refundIds.map((id) => ({ id, object: "refund" })) },
});

async function paidInvoice() {
  const j = await job();
  const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ items: LINES })).body as Invoice;
  const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
  const intentId = intentIdOf(pay.body.payment.clientSecret);
  await deliver(paid(intentId));
  expect((await documentsOf(j.agents.owner, j.sale.id)).invoices[0]).toMatchObject({ status: "paid" });
  return { j, intentId };
}

describe("a refund made in the electrician's Stripe dashboard", () => {
  it("when Stripe reports it, then it is recorded once against the payment and the invoice is no longer paid; its replay and an older event add nothing", async () => {
    const { j, intentId } = await paidInvoice();
    const part = bed.fake.connectEvent("charge.refunded", refundedCharge(intentId, 30000, ["re_dash_1"]), { account: j.account!, secret: CONNECT_SECRET });
    expect((await deliver(part)).body).toEqual({ received: true, duplicate: false });
    expect((await deliver(part)).body).toEqual({ received: true, duplicate: true });
    // The same total again in a new event (Stripe sends charge.refunded once per refund; an older one can come late).
    const late = bed.fake.connectEvent("charge.refunded", refundedCharge(intentId, 30000, ["re_dash_1"]), { account: j.account!, secret: CONNECT_SECRET });
    expect((await deliver(late)).status).toBe(200);
    const invoice = (await documentsOf(j.agents.owner, j.sale.id)).invoices[0]!;
    expect(invoice.status).toBe("part_paid");
    expect(invoice.balanceDue).toBe("300.00");
    expect(invoice.payments[0]!.refunds).toMatchObject([{ amount: "300.00", reason: ONLINE_PAYMENT_MESSAGES.refundedInStripe }]);
  });

  it("when the app made the refund itself, then Stripe's event of it adds nothing", async () => {
    const { j, intentId } = await paidInvoice();
    const [online] = (await documentsOf(j.agents.owner, j.sale.id)).invoices[0]!.payments;
    expect((await j.agents.owner.post(`/api/payments/${online!.id}/refund`).send({ reason: "Job cancelled" })).status).toBe(200);
    await deliver(bed.fake.connectEvent("charge.refunded", refundedCharge(intentId, 110000, ["re_app_1"]), { account: j.account!, secret: CONNECT_SECRET }));
    const refunds = (await documentsOf(j.agents.owner, j.sale.id)).invoices[0]!.payments[0]!.refunds;
    expect(refunds).toMatchObject([{ amount: "1100.00", reason: "Job cancelled" }]);
  });

  it("when Stripe's refund comes before the payment's own event, then it is refused for Stripe to send again, and counted once it is", async () => {
    const j = await job();
    const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ items: LINES })).body as Invoice;
    const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
    const intentId = intentIdOf(pay.body.payment.clientSecret);
    const early = bed.fake.connectEvent("charge.refunded", refundedCharge(intentId, 20000, ["re_early"]), { account: j.account!, secret: CONNECT_SECRET });
    expect((await deliver(early)).status).toBe(409);
    await deliver(paid(intentId));
    expect((await deliver(early)).body).toEqual({ received: true, duplicate: false });
    expect((await documentsOf(j.agents.owner, j.sale.id)).invoices[0]).toMatchObject({ status: "part_paid", balanceDue: "200.00" });
  });

  it("when the event names another account than the payment's, then nothing is recorded", async () => {
    const { j, intentId } = await paidInvoice();
    await deliver(
      bed.fake.connectEvent("charge.refunded", refundedCharge(intentId, 110000, ["re_other"]), { account: "acct_someone_else", secret: CONNECT_SECRET }),
    );
    expect((await documentsOf(j.agents.owner, j.sale.id)).invoices[0]).toMatchObject({ status: "paid" });
  });
});
