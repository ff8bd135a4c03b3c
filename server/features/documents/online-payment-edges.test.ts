// Money online at its edges (docs/decisions/056-money-online-stripe-connect.md): an event that
// arrives late, a refund's reason on the job page, a refund or a hand-recorded deposit meeting a
// payment's recording (PostgreSQL), and bad bodies, ids, tokens and events: never a 500.
import request from "supertest";
import { describe, expect, it } from "vitest";
import type { Invoice } from "../../../shared/invoices";
import { stripeSignature } from "../../test/fake-stripe";
import { itOnPostgres } from "../../test/postgres-only";
import { CONNECT_SECRET, connectTestbed, intentIdOf, LINES } from "./test/online-payments";

const bed = connectTestbed();
const { deliver, paid, job, acceptedQuote, page, documentsOf, whileAPaymentHoldsTheInvoice } = bed;

describe("money edges", () => {
  it("when the deposit's event arrives after the quote was invoiced and paid, then all of it is overpaid, by the invoice's own total", async () => {
    const j = await job();
    const { quote, accepted } = await acceptedQuote(j);
    // The invoice is priced again at issue: no longer registered for GST, it totals $1,000, not the quote's $1,100.
    await j.agents.owner.patch("/api/provider/business").send({ gstRegistered: false }).expect(200);
    const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ quoteId: quote.id })).body as Invoice;
    expect(invoice.total).toBe("1000.00");
    await j.agents.owner.post(`/api/invoices/${invoice.id}/payments`).send({ amount: "1000.00", method: "eft" }).expect(200);
    await deliver(paid(intentIdOf(accepted.payment.clientSecret)));
    const after = await documentsOf(j.agents.owner, j.sale.id);
    expect(after.quotes[0]!.payments).toMatchObject([{ amount: "220.00", source: "stripe", overpaid: "220.00", refundable: true }]);
    expect(after.invoices[0]).toMatchObject({ status: "paid", balanceDue: "0.00" });
  });

  it("when a refund's reason names the customer's phone, then the job page shows it redacted", async () => {
    const j = await job();
    const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ items: LINES })).body as Invoice;
    const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
    await deliver(paid(intentIdOf(pay.body.payment.clientSecret)));
    const [online] = (await documentsOf(j.agents.owner, j.sale.id)).invoices[0]!.payments;
    const reason = `Called ${j.lead.customerPhone}: cancelled`;
    expect((await j.agents.owner.post(`/api/payments/${online!.id}/refund`).send({ reason })).status).toBe(200);
    // The electrician's side keeps their words; the job page (a link can be forwarded) does not show them whole.
    expect((await documentsOf(j.agents.owner, j.sale.id)).invoices[0]!.payments[0]!.refunds[0]!.reason).toBe(reason);
    const shown = (await page(j.token)).invoices[0]!.payments[0]!.refunds[0]!.reason;
    expect(shown).toMatch(/cancelled/);
    expect(shown).not.toContain(j.lead.customerPhone);
  });
  itOnPostgres("when a refund meets a payment being recorded on the same invoice, then one waits for the other: no deadlock", async () => {
    const j = await job();
    const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ items: LINES })).body as Invoice;
    await j.agents.owner.post(`/api/invoices/${invoice.id}/payments`).send({ amount: "100.00", method: "eft" }).expect(200);
    const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
    await deliver(paid(intentIdOf(pay.body.payment.clientSecret)));
    const online = (await documentsOf(j.agents.owner, j.sale.id)).invoices[0]!.payments[1]!;
    const res = await whileAPaymentHoldsTheInvoice({ invoiceId: invoice.id, purchaseId: j.sale.id }, () =>
      j.agents.owner.post(`/api/payments/${online.id}/refund`).send({ reason: "Job cancelled" }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  itOnPostgres("when two instances get the same event, or two events for one intent, at once, then one payment and no 500", async () => {
    const j = await job();
    const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ items: LINES })).body as Invoice;
    const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
    const event = paid(intentIdOf(pay.body.payment.clientSecret));
    const answers = await Promise.all([deliver(event), deliver(event), deliver(paid(intentIdOf(pay.body.payment.clientSecret)))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(
      answers
        .slice(0, 2)
        .map((a) => a.body.duplicate as boolean)
        .sort(),
    ).toEqual([false, true]);
    const after = (await documentsOf(j.agents.owner, j.sale.id)).invoices[0]!;
    expect(after).toMatchObject({ status: "paid", paid: "1100.00", balanceDue: "0.00" });
    expect(after.payments).toHaveLength(1);
  });

  itOnPostgres("when a deposit is recorded by hand while an online payment is recorded on its invoice, then no deadlock", async () => {
    const j = await job();
    const { quote } = await acceptedQuote(j);
    const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ quoteId: quote.id })).body as Invoice;
    const res = await whileAPaymentHoldsTheInvoice({ invoiceId: invoice.id, purchaseId: j.sale.id }, () =>
      j.agents.owner.post(`/api/quotes/${quote.id}/payments`).send({ amount: "100.00", method: "cash" }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe("the boundaries", () => {
  it("when bodies, ids or another job's documents are wrong, then a clear 4xx, never a 500", async () => {
    const j = await job();
    const other = await job();
    const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ items: LINES })).body as Invoice;
    const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
    await deliver(paid(intentIdOf(pay.body.payment.clientSecret)));
    const online = (await documentsOf(j.agents.owner, j.sale.id)).invoices[0]!.payments[0]!;
    const refund = (body: unknown) => j.agents.owner.post(`/api/payments/${online.id}/refund`).send(body as object);
    for (const body of [[], { reason: 5 }, { reason: "x".repeat(501) }, {}]) {
      const res = await refund(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const malformed = await j.agents.owner.post(`/api/payments/${online.id}/refund`).set("Content-Type", "application/json").send('{"reason":');
    expect(malformed.status).toBe(400);
    expect((await j.agents.owner.post("/api/payments/abc/refund").send({ reason: "x" })).status).toBe(400);
    expect((await j.agents.owner.post("/api/payments/99999999/refund").send({ reason: "x" })).status).toBe(404);
    // Another job's token never pays (nor learns of) this job's invoice.
    const foreign = await request(bed.ctx.app).post(`/api/jobs/${other.token}/invoices/${invoice.id}/pay`).send({});
    expect(foreign.status).toBe(404);
    expect((await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/abc/pay`).send({})).status).toBe(400);
  });

  it("when a Connect event is stale, unsigned, unknown or not JSON, then 400 or an acknowledged no-op", async () => {
    const j = await job();
    const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ items: LINES })).body as Invoice;
    const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
    const intentId = intentIdOf(pay.body.payment.clientSecret);
    const intent = bed.fake.payIntent(intentId);
    // Outside Stripe's tolerance (5 minutes): a replay of an old signature is refused.
    const stale = bed.fake.connectEvent("payment_intent.succeeded", intent, {
      account: j.account!,
      secret: CONNECT_SECRET,
      at: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await deliver(stale)).status).toBe(400);
    expect((await request(bed.ctx.app).post("/api/stripe/connect-webhook").set("Content-Type", "application/json").send(stale.payload)).status).toBe(400);
    const notJson = { payload: "not json", signature: stripeSignature("not json", CONNECT_SECRET) };
    expect((await deliver(notJson)).status).toBe(400);
    const unknown = bed.fake.connectEvent("payout.paid", { id: "po_1" }, { account: j.account!, secret: CONNECT_SECRET });
    expect((await deliver(unknown)).body).toEqual({ received: true, duplicate: false });
    expect((await documentsOf(j.agents.owner, j.sale.id)).invoices[0]).toMatchObject({ status: "issued", payments: [] });
  });
});
