// A customer's online payment disputed with their bank, on the electrician's own Stripe account
// (docs/decisions/093-disputes.md, 094-dispute-evidence.md), through the real `stripe` SDK against
// the local stand-in: the card shows it with the amount and the deadline and refuses the
// electrician's refund; the evidence (the quote the customer signed, the invoice, the payment,
// the invoice PDF as the receipt) goes to Stripe on the electrician's account, by the operator or
// on its own a day before the deadline.
import request from "supertest";
import { describe, expect, it } from "vitest";
import type { DisputeEvidenceView, PaymentEvidenceView } from "../../../shared/dispute-evidence";
import { DISPUTE_MESSAGES, type DisputeView } from "../../../shared/disputes";
import type { Invoice } from "../../../shared/invoices";
import { ONLINE_PAYMENT_MESSAGES } from "../../../shared/stripe-connect";
import { adminAuth } from "../../test/sign-in";
import { clock, CONNECT_SECRET, connectTestbed, intentIdOf } from "./test/online-payments";

const bed = connectTestbed();
const HOUR = 3_600_000;

/** A job quoted, accepted and signed by the customer, invoiced and paid online in full; then its payment disputed in Stripe. */
async function disputedPayment(dueInMs: number) {
  const j = await bed.job();
  const { quote } = await bed.acceptedQuote(j, 0);
  const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ quoteId: quote.id })).body as Invoice;
  const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
  const intentId = intentIdOf(pay.body.payment.clientSecret);
  await bed.deliver(bed.paid(intentId)).expect(200);
  const dispute = bed.fake.dispute(intentId, { reason: "product_unacceptable", dueBy: Math.floor((clock.getTime() + dueInMs) / 1000) });
  await bed.deliver(bed.fake.connectEvent("charge.dispute.created", dispute, { account: j.account!, secret: CONNECT_SECRET })).expect(200);
  const auth = await adminAuth(bed.ctx.server);
  const listed = ((await request(bed.ctx.server).get("/api/admin/disputes").set("Authorization", auth)).body.items as DisputeView[]).find(
    (d) => d.stripeAccount === j.account,
  )!;
  return { j, quote, invoice, intentId, dispute, auth, listed };
}

const submissionsOf = (disputeId: string) => bed.fake.disputeDesk.submissions.filter((s) => s.disputeId === disputeId);

describe("a customer's payment disputed on the electrician's account", () => {
  it("shows on the card with the amount and the deadline, and the electrician's refund is refused", async () => {
    const { j, invoice } = await disputedPayment(5 * 24 * HOUR);
    const [payment] = (await bed.documentsOf(j.agents.owner, j.sale.id)).invoices.find((i) => i.id === invoice.id)!.payments;
    expect(payment!.dispute).toMatchObject({ status: "needs_response", reason: "product_unacceptable", amount: "1100.00", evidenceSubmittedAt: null });
    expect(new Date(payment!.dispute!.evidenceDueBy!).getTime()).toBe(clock.getTime() + 5 * 24 * HOUR);
    expect(payment!.refundable).toBe(false);
    const refused = await j.agents.owner.post(`/api/payments/${payment!.id}/refund`).send({ reason: "Customer unhappy" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(DISPUTE_MESSAGES.paymentRefundRefused);
    // The electrician sees what goes to the bank: the job's records and the invoice as the receipt.
    const mine = (await j.agents.owner.get(`/api/payments/${payment!.id}/dispute-evidence`).expect(200)).body as PaymentEvidenceView;
    expect(mine.fields.map((f) => f.text).join("\n")).toContain(invoice.number);
    expect(mine.receiptName).toContain(invoice.number);
    expect(mine.dispute).toMatchObject({ reason: "product_unacceptable", amount: "1100.00" });
    // The electrician is told once, on the dashboard too, with the amount and the reason.
    const notices = (await j.agents.owner.get("/api/notices").expect(200)).body as { items?: unknown[] } | unknown[];
    const told = JSON.stringify(notices);
    expect(told).toContain("Payment disputed");
    expect(told).toContain("$1100.00");
    expect(told).toContain("product unacceptable");
    // The customer's own job page does not carry it.
    const page = await bed.page(j.token);
    expect(JSON.stringify(page)).not.toContain("product_unacceptable");
  });

  it("the operator sends its evidence on the electrician's account: the signed quote, the invoice and the payment, with the invoice as the receipt", async () => {
    const { j, quote, invoice, dispute, auth, listed } = await disputedPayment(5 * 24 * HOUR);
    // The operator's list names the job and the electrician.
    expect(listed.payment).toMatchObject({ jobReference: expect.stringMatching(/^AE-/), electrician: expect.any(String) });
    expect(listed.evidence).toMatchObject({ submittedAt: null, autoSubmitAt: expect.any(String) });
    const pack = (await request(bed.ctx.server).get(`/api/admin/disputes/${listed.id}/evidence`).set("Authorization", auth).expect(200))
      .body as DisputeEvidenceView;
    const text = pack.fields.map((f) => f.text).join("\n");
    expect(text).toContain(quote.number);
    expect(text).toContain(invoice.number);
    expect(text).toContain('signing as "Karen Mitchell"');
    expect(text).toContain("paid $1100.00 online");
    expect(pack.open).toBe(true);
    await request(bed.ctx.server)
      .post(`/api/admin/disputes/${listed.id}/evidence`)
      .set("Authorization", auth)
      .send({ note: "Work signed off by the customer." })
      .expect(200);
    const [sent, ...more] = submissionsOf(dispute.id);
    expect(more).toHaveLength(0);
    expect(sent!.account).toBe(j.account);
    expect(sent!.evidence.uncategorized_text).toContain("Work signed off by the customer.");
    expect(bed.fake.disputeDesk.files.get(sent!.evidence.receipt!)).toMatchObject({ head: "%PDF-", purpose: "dispute_evidence" });
    const [payment] = (await bed.documentsOf(j.agents.owner, j.sale.id)).invoices.find((i) => i.id === invoice.id)!.payments;
    expect(payment!.dispute!.evidenceSubmittedAt).not.toBeNull();
  });

  it("goes on its own a day before the deadline when nobody sent it", async () => {
    const soon = await disputedPayment(20 * HOUR);
    const later = await disputedPayment(3 * 24 * HOUR);
    await bed.ctx.app.alerts.runOnce();
    expect(submissionsOf(soon.dispute.id)).toMatchObject([{ account: soon.j.account }]);
    expect(submissionsOf(later.dispute.id)).toHaveLength(0);
  });

  it("lost, counts against the payment once: the invoice is owing again and the job leaves Paid, its history saying it was charged back", async () => {
    const { j, invoice, dispute } = await disputedPayment(5 * 24 * HOUR);
    expect(await bed.stageOf(j.sale.id)).toBe("invoice_paid");
    // A dispute of part of the charge, lost: that part went back to the customer.
    const lost = { ...dispute, amount: 50000, status: "lost", evidence_details: { ...dispute.evidence_details, due_by: null } };
    await bed.deliver(bed.fake.connectEvent("charge.dispute.closed", lost, { account: j.account!, secret: CONNECT_SECRET })).expect(200);
    // Stripe may say it again in another event: nothing more is counted.
    await bed.deliver(bed.fake.connectEvent("charge.dispute.updated", lost, { account: j.account!, secret: CONNECT_SECRET })).expect(200);
    const now = (await bed.documentsOf(j.agents.owner, j.sale.id)).invoices.find((i) => i.id === invoice.id)!;
    expect(now.status).toBe("part_paid");
    expect(now.balanceDue).toBe("500.00");
    expect(now.payments[0]!.refunds).toMatchObject([{ amount: "500.00", reason: ONLINE_PAYMENT_MESSAGES.chargedBack }]);
    expect(now.payments[0]!.dispute).toMatchObject({ status: "lost" });
    expect(await bed.stageOf(j.sale.id)).toBe("quote_accepted");
    expect(await bed.movedBackReasons(j.sale.id)).toEqual([`Charged back by the customer's bank: invoice ${invoice.number} no longer paid in full`]);
  });
});
