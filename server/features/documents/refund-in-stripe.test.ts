// A refund the electrician makes in their own Stripe dashboard (docs/decisions/093-disputes.md):
// Stripe's charge.refunded on their connected account is recorded once against the payment, the
// invoice leaves Paid and the job with it (back to its stage before, the history saying why), and
// the refund this app made itself is never counted twice, nor a chargeback taken for a refund.
import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import type { SalesStage } from "../../../shared/enums";
import type { Invoice } from "../../../shared/invoices";
import type { PurchaseHistoryEntry } from "../../../shared/pipeline";
import { leadPurchases } from "../../../shared/schema";
import { ONLINE_PAYMENT_MESSAGES } from "../../../shared/stripe-connect";
import { CONNECT_SECRET, connectTestbed, intentIdOf, LINES } from "./test/online-payments";

const bed = connectTestbed();
const { deliver, paid, job, documentsOf, stageOf, movedBackReasons } = bed;

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

/** The electrician moves the job on its card, on the version it now has. */
async function moveByHand(j: Awaited<ReturnType<typeof job>>, move: { salesStage: SalesStage; declineReason?: string }) {
  const [row] = await bed.ctx.db.select({ version: leadPurchases.version }).from(leadPurchases).where(eq(leadPurchases.id, j.sale.id));
  await j.agents.owner
    .patch(`/api/lead-purchases/${j.sale.id}/sales-stage`)
    .send({ ...move, version: row!.version })
    .expect(200);
}

/** A job paid online in full, moved by hand to `stage` first when asked: the job is then at Paid. */
async function paidInvoice(stage?: SalesStage) {
  const j = await job();
  if (stage) await moveByHand(j, { salesStage: stage });
  const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ items: LINES })).body as Invoice;
  const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
  const intentId = intentIdOf(pay.body.payment.clientSecret);
  await deliver(paid(intentId));
  expect((await documentsOf(j.agents.owner, j.sale.id)).invoices[0]).toMatchObject({ status: "paid" });
  expect(await stageOf(j.sale.id)).toBe("invoice_paid");
  return { j, intentId, invoice };
}

const refundEvent = (j: { account: string | null }, intentId: string, amountRefunded: number, refundIds: string[]) =>
  bed.fake.connectEvent("charge.refunded", refundedCharge(intentId, amountRefunded, refundIds), { account: j.account!, secret: CONNECT_SECRET });

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
    // The job left Paid once, with the app's refund as the reason.
    expect(await stageOf(j.sale.id)).toBe("purchased");
    expect(await movedBackReasons(j.sale.id)).toEqual([
      `Refunded: invoice ${(await documentsOf(j.agents.owner, j.sale.id)).invoices[0]!.number} no longer paid in full`,
    ]);
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

  it("when part of the charge was lost to a dispute, then a refund made in Stripe still counts in full: Stripe's refunded total holds no chargeback", async () => {
    const { j, intentId } = await paidInvoice();
    const dispute = bed.fake.dispute(intentId, { amount: 50000, status: "lost", dueBy: null });
    await deliver(bed.fake.connectEvent("charge.dispute.closed", dispute, { account: j.account!, secret: CONNECT_SECRET })).expect(200);
    // $200 refunded in the dashboard before the dispute; its event comes after the dispute's.
    await deliver(refundEvent(j, intentId, 20000, ["re_dash_before_dispute"])).expect(200);
    const invoice = (await documentsOf(j.agents.owner, j.sale.id)).invoices[0]!;
    expect(invoice.payments[0]!.refunds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ amount: "500.00", reason: ONLINE_PAYMENT_MESSAGES.chargedBack }),
        expect.objectContaining({ amount: "200.00", reason: ONLINE_PAYMENT_MESSAGES.refundedInStripe }),
      ]),
    );
    expect(invoice).toMatchObject({ status: "part_paid", balanceDue: "700.00" });
  });

  it("when the event names another account than the payment's, then nothing is recorded", async () => {
    const { j, intentId } = await paidInvoice();
    await deliver(
      bed.fake.connectEvent("charge.refunded", refundedCharge(intentId, 110000, ["re_other"]), { account: "acct_someone_else", secret: CONNECT_SECRET }),
    );
    expect((await documentsOf(j.agents.owner, j.sale.id)).invoices[0]).toMatchObject({ status: "paid" });
  });
});

describe("the job's stage after a refund made in Stripe", () => {
  it("when the invoice is no longer paid in full, then the job goes back from Paid to its stage before, the history says why, and a replay or a further refund moves nothing more", async () => {
    const { j, intentId, invoice } = await paidInvoice("called");
    const part = refundEvent(j, intentId, 30000, ["re_dash_1"]);
    await deliver(part);
    expect(await stageOf(j.sale.id)).toBe("called");
    const reason = `Refunded in Stripe: invoice ${invoice.number} no longer paid in full`;
    expect(await movedBackReasons(j.sale.id)).toEqual([reason]);
    const history = (await j.agents.owner.get(`/api/lead-purchases/${j.sale.id}/history`)).body as PurchaseHistoryEntry[];
    expect(history.slice(0, 2)).toMatchObject([
      { field: "stageMovedBack", from: null, to: reason },
      { field: "salesStage", from: "invoice_paid", to: "called" },
    ]);

    expect((await deliver(part)).body).toEqual({ received: true, duplicate: true });
    await deliver(refundEvent(j, intentId, 30000, ["re_dash_1"]));
    // A second refund of an invoice already part paid: it was not paid in full before it.
    await deliver(refundEvent(j, intentId, 50000, ["re_dash_2", "re_dash_1"]));
    expect((await documentsOf(j.agents.owner, j.sale.id)).invoices[0]).toMatchObject({ status: "part_paid", balanceDue: "500.00" });
    expect(await stageOf(j.sale.id)).toBe("called");
    expect(await movedBackReasons(j.sale.id)).toEqual([reason]);
  });

  it("when the electrician moved the paid job on by hand (Declined), then a refund in Stripe leaves its stage alone", async () => {
    const { j, intentId } = await paidInvoice();
    await moveByHand(j, { salesStage: "declined", declineReason: "price" });
    await deliver(refundEvent(j, intentId, 110000, ["re_all"]));
    expect((await documentsOf(j.agents.owner, j.sale.id)).invoices[0]).toMatchObject({ status: "issued" });
    expect(await stageOf(j.sale.id)).toBe("declined");
    expect(await movedBackReasons(j.sale.id)).toEqual([]);
  });

  it("when Stripe refunds only what was paid over the balance, then the invoice is still paid in full and the job stays Paid", async () => {
    const j = await job();
    const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ items: LINES })).body as Invoice;
    const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
    const intentId = intentIdOf(pay.body.payment.clientSecret);
    // $100 by bank transfer while the customer pays all $1,100 by card: $100 over.
    await j.agents.owner.post(`/api/invoices/${invoice.id}/payments`).send({ amount: "100.00", method: "eft" }).expect(200);
    await deliver(paid(intentId));
    expect(await stageOf(j.sale.id)).toBe("invoice_paid");
    await deliver(refundEvent(j, intentId, 10000, ["re_excess"]));
    expect((await documentsOf(j.agents.owner, j.sale.id)).invoices[0]).toMatchObject({ status: "paid", balanceDue: "0.00" });
    expect(await stageOf(j.sale.id)).toBe("invoice_paid");
    expect(await movedBackReasons(j.sale.id)).toEqual([]);
  });
});
