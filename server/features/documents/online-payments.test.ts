// Money online against the local Stripe stand-in (server/test/fake-stripe.ts), the real `stripe`
// SDK talking Connect to it over HTTP (docs/decisions/056-money-online-stripe-connect.md): the
// electrician's Express onboarding and its states from signed `account.updated` events; the
// deposit and an invoice paid on the electrician's own account and recorded only from a signed
// `payment_intent.succeeded`; each event applied once; refunds on the connected account, and a
// job no longer paid in full leaving Paid. The edges (late events, redaction, locks, bad input)
// are in online-payment-edges.test.ts.
import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import type { BusinessDetails } from "../../../shared/business";
import type { Invoice, JobDocuments } from "../../../shared/invoices";
import type { Quote } from "../../../shared/quotes";
import { documentPayments, leadPurchases, outboxMessages } from "../../../shared/schema";
import { PRODUCT_NAME } from "../../../shared/site";
import { ONLINE_PAYMENT_MESSAGES } from "../../../shared/stripe-connect";
import { withTestApp } from "../../test/app";
import { soldLead } from "../../test/job-links";
import { createCast } from "../../test/sign-in";
import { CONNECT_SECRET, PLATFORM_SECRET, clock, connectTestbed, intentIdOf, LIMITS, LINES } from "./test/online-payments";

const bed = connectTestbed();
const { deliver, accountUpdated, paid, onboard, job, acceptedQuote, page, documentsOf, stageOf, movedBackReasons } = bed;

describe("the electrician's Stripe account", () => {
  it("when the owner onboards, then an Express account and a link; the state follows signed account.updated events; a team member may not", async () => {
    const { agents } = await createCast(bed.ctx);
    const before = (await agents.owner.get("/api/provider/business")).body as BusinessDetails;
    expect(before.stripeAccount).toEqual({ status: "none", chargesEnabled: false, payoutsEnabled: false, demo: false });

    const { account, url } = await onboard(agents.owner);
    expect(url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_/);
    expect(bed.fake.accounts.get(account)).toMatchObject({ type: "express", country: "AU" });
    expect((await agents.member.get("/api/provider/business")).body.stripeAccount).toMatchObject({ status: "pending" });
    // Asked again: the same account, a fresh link.
    expect((await onboard(agents.owner)).account).toBe(account);
    expect((await agents.member.post("/api/provider/business/stripe-onboarding").send({})).status).toBe(403);

    bed.fake.updateAccount(account, { details_submitted: true });
    expect((await accountUpdated(account)).body).toEqual({ received: true, duplicate: false });
    expect((await agents.owner.get("/api/provider/business")).body.stripeAccount).toMatchObject({ status: "restricted", chargesEnabled: false });

    bed.fake.updateAccount(account, { charges_enabled: true, payouts_enabled: true });
    await accountUpdated(account);
    expect((await agents.owner.get("/api/provider/business")).body.stripeAccount).toEqual({
      status: "active",
      chargesEnabled: true,
      payoutsEnabled: true,
      demo: false,
    });
  });
});

describe("the deposit, paid online", () => {
  it("when the customer accepts, then a PaymentIntent on the electrician's account; the deposit is paid only by the signed event, once", async () => {
    const j = await job();
    const { quote, accepted } = await acceptedQuote(j);
    expect(accepted.payment).toEqual({ clientSecret: expect.stringMatching(/_secret_/), stripeAccount: j.account });
    const intentId = intentIdOf(accepted.payment.clientSecret);
    expect(bed.fake.intentAccounts.get(intentId)).toBe(j.account);
    expect(bed.fake.intents.get(intentId)).toMatchObject({
      amount: 22000, // 20% of $1,100.00 incl. GST
      currency: "aud",
      capture_method: "automatic",
      metadata: { kind: "deposit", quoteId: String(quote.id), purchaseId: String(j.sale.id), jobReference: j.lead.jobReference },
    });

    // The browser's return proves nothing: until Stripe's event, nothing is paid, and a second charge is not offered.
    bed.fake.payIntent(intentId);
    expect((await page(j.token)).quote).toMatchObject({ depositPaid: "0.00", actions: ["pay"] });
    const again = await request(bed.ctx.app).post(`/api/jobs/${j.token}/quotes/${quote.id}/pay`).send({});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ONLINE_PAYMENT_MESSAGES.paidReceived);

    const event = paid(intentId);
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: false });
    const view = await page(j.token);
    expect(view.quote).toMatchObject({ depositPaid: "220.00", actions: [], eft: null });
    expect(view.quote!.payments).toMatchObject([{ amount: "220.00", method: "card", source: "stripe", overpaid: "0.00" }]);
    expect(view.actions).not.toContain("pay");
    const notices = await bed.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, `user:${j.people.owner.id}`));
    expect(notices.map((n) => n.event)).toContainEqual(expect.stringMatching(/^payment\.online:\d+$/));

    // Delivered again, and the same intent under another event id: still one payment.
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: true });
    expect((await deliver(paid(intentId))).body).toEqual({ received: true, duplicate: false });
    expect(await bed.ctx.db.select().from(documentPayments).where(eq(documentPayments.quoteId, quote.id))).toHaveLength(1);
  });

  it("when a signature is bad or made with the platform's secret, then 400 and nothing is paid; an intent on another account is ignored", async () => {
    const j = await job();
    const { quote, accepted } = await acceptedQuote(j);
    const intentId = intentIdOf(accepted.payment.clientSecret);
    const forged = paid(intentId);
    expect((await deliver({ payload: forged.payload, signature: "t=1,v1=deadbeef" })).status).toBe(400);
    expect((await deliver(paid(intentId, { secret: PLATFORM_SECRET }))).status).toBe(400);
    const tampered = forged.payload.replace(`"amount_received":22000`, `"amount_received":1`);
    expect((await deliver({ payload: tampered, signature: forged.signature })).status).toBe(400);
    // Signed, but for an account the intent was not made on.
    const elsewhere = bed.fake.connectEvent("payment_intent.succeeded", bed.fake.intents.get(intentId)!, {
      account: "acct_someone_else",
      secret: CONNECT_SECRET,
    });
    expect((await deliver(elsewhere)).status).toBe(200);
    expect(await bed.ctx.db.select().from(documentPayments).where(eq(documentPayments.quoteId, quote.id))).toHaveLength(0);
  });

  it("when the customer taps Pay twice at once, then one PaymentIntent; coming back later reuses it", async () => {
    const j = await job();
    const sent = await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/quotes`).send({ items: LINES, depositAmount: "300.00" });
    const quote = sent.body as Quote;
    const before = bed.fake.intents.size;
    // Accepting makes the first; two taps at once afterwards find it open and reuse it.
    await request(bed.ctx.app).post(`/api/jobs/${j.token}/quotes/${quote.id}/accept`).send({ signatureName: "Karen Mitchell" }).expect(200);
    const taps = await Promise.all([0, 1].map(() => request(bed.ctx.app).post(`/api/jobs/${j.token}/quotes/${quote.id}/pay`).send({})));
    expect(taps.map((t) => t.status)).toEqual([200, 200]);
    expect(taps[0]!.body.payment.clientSecret).toBe(taps[1]!.body.payment.clientSecret);
    expect(bed.fake.intents.size - before).toBe(1);
    expect(bed.fake.intents.get(intentIdOf(taps[0]!.body.payment.clientSecret))!.amount).toBe(30000);
  });
});

describe("the invoice, paid online", () => {
  it("when the balance is paid, then the invoice is paid, the job moves to Paid by itself and the customer gets a receipt", async () => {
    const j = await job();
    const { quote, accepted } = await acceptedQuote(j);
    await deliver(paid(intentIdOf(accepted.payment.clientSecret)));
    const issued = await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ quoteId: quote.id });
    const invoice = issued.body as Invoice;
    expect(invoice).toMatchObject({ depositPaid: "220.00", balanceDue: "880.00" });

    const view = await page(j.token);
    expect(view.invoices[0]).toMatchObject({ id: invoice.id, actions: ["pay"], eft: null });
    expect(view.actions).toContain("pay");
    const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    expect(pay.body.payment.stripeAccount).toBe(j.account);
    const intentId = intentIdOf(pay.body.payment.clientSecret);
    expect(bed.fake.intents.get(intentId)).toMatchObject({ amount: 88000, metadata: { kind: "invoice", invoiceId: String(invoice.id) } });
    expect(await stageOf(j.sale.id)).toBe("quote_accepted");

    await deliver(paid(intentId));
    const after = (await documentsOf(j.agents.owner, j.sale.id)).invoices[0]!;
    expect(after).toMatchObject({ status: "paid", paid: "880.00", balanceDue: "0.00" });
    expect(await stageOf(j.sale.id)).toBe("invoice_paid");
    const [receipt] = await bed.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.event, `invoice.paid:${invoice.id}`));
    expect(receipt).toMatchObject({ channel: "sms" });
    // It names the invoice, the amount, the site and SITE_PHONE, like every customer SMS (docs/decisions/046).
    expect(String(receipt!.payload.text)).toContain(`${invoice.number} from ${j.people.owner.companyName} is paid in full ($1,100.00)`);
    expect(String(receipt!.payload.text).endsWith(` - ${PRODUCT_NAME}, ${bed.ctx.config.SITE_PHONE}`)).toBe(true);
    expect((await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({})).status).toBe(409);
  });

  it("when the event brings more than is still owing, then it is recorded, flagged as overpaid, and the balance stays at 0", async () => {
    const j = await job();
    const issued = await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ items: LINES });
    const invoice = issued.body as Invoice;
    const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
    // Meanwhile the customer also paid $100 in cash, which the electrician recorded.
    await j.agents.owner.post(`/api/invoices/${invoice.id}/payments`).send({ amount: "100.00", method: "cash" }).expect(200);
    await deliver(paid(intentIdOf(pay.body.payment.clientSecret)));
    const after = (await documentsOf(j.agents.owner, j.sale.id)).invoices[0]!;
    expect(after).toMatchObject({ status: "paid", paid: "1200.00", balanceDue: "0.00" });
    expect(after.payments.map((p) => [p.amount, p.source, p.overpaid])).toEqual([
      ["100.00", "recorded", "0.00"],
      ["1100.00", "stripe", "100.00"],
    ]);
  });

  it("when the balance changed since a tab opened Pay, then Pay again cancels the old amount's intent at Stripe and offers the new one", async () => {
    const j = await job();
    const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ items: LINES })).body as Invoice;
    const first = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
    await j.agents.owner.post(`/api/invoices/${invoice.id}/payments`).send({ amount: "100.00", method: "cash" }).expect(200);
    const second = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const [old, now] = [first, second].map((r) => bed.fake.intents.get(intentIdOf(r.body.payment.clientSecret))!);
    expect([old!.amount, old!.status]).toEqual([110000, "canceled"]);
    expect([now!.amount, now!.status]).toEqual([100000, "requires_payment_method"]);
    // And the new one is the one offered again, not cancelled in its turn.
    const third = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
    expect(third.body.payment.clientSecret).toBe(second.body.payment.clientSecret);
    expect(now!.status).toBe("requires_payment_method");
  });
});

describe("refunds", () => {
  it("when the owner refunds an online payment with a reason, then Stripe refunds it on the connected account and the invoice shows it", async () => {
    const j = await job();
    const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ items: LINES })).body as Invoice;
    await j.agents.owner.post(`/api/invoices/${invoice.id}/payments`).send({ amount: "100.00", method: "eft" }).expect(200);
    const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
    const intentId = intentIdOf(pay.body.payment.clientSecret);
    await deliver(paid(intentId));
    const [recorded, online] = (await documentsOf(j.agents.owner, j.sale.id)).invoices[0]!.payments;
    expect(online).toMatchObject({ refundable: true, refundedAmount: "0.00" });

    expect((await j.agents.owner.post(`/api/payments/${online!.id}/refund`).send({ reason: " " })).status).toBe(400);
    expect((await j.agents.rival.post(`/api/payments/${online!.id}/refund`).send({ reason: "Job cancelled" })).status).toBe(404);
    expect((await j.agents.owner.post(`/api/payments/${recorded!.id}/refund`).send({ reason: "Job cancelled" })).status).toBe(409);

    const before = bed.fake.refunds.length;
    const refund = await j.agents.member.post(`/api/payments/${online!.id}/refund`).send({ reason: "  Job cancelled by the customer " });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body).toMatchObject({
      message: ONLINE_PAYMENT_MESSAGES.refunded,
      payment: { refundedAmount: "1000.00", refundable: false, refunds: [{ amount: "1000.00", reason: "Job cancelled by the customer" }] },
    });
    expect(bed.fake.refunds.slice(before)).toEqual([{ payment_intent: intentId, amount: 100000, account: j.account }]);
    expect(bed.fake.refundKeys.slice(before)).toEqual([`payment-refund:${online!.id}:0`]);

    const after = (await documentsOf(j.agents.owner, j.sale.id)).invoices[0]!;
    expect(after).toMatchObject({ status: "part_paid", paid: "100.00", balanceDue: "1000.00" });
    expect(after.payments[1]!.refunds).toHaveLength(1);
    // No longer paid in full, the job leaves Paid for the stage it had before, saying why (docs/decisions/056).
    expect(await stageOf(j.sale.id)).toBe("purchased");
    const reason = `Refunded: invoice ${invoice.number} no longer paid in full`;
    expect(await movedBackReasons(j.sale.id)).toEqual([reason]);
    expect((await j.agents.owner.post(`/api/payments/${online!.id}/refund`).send({ reason: "Again" })).status).toBe(409);
    expect(await movedBackReasons(j.sale.id)).toEqual([reason]);
    expect((await page(j.token)).invoices[0]).toMatchObject({ actions: ["pay"], balanceDue: "1000.00" });
  });

  it("when the paid job was moved on by hand (Declined), then the owner's refund leaves its stage alone", async () => {
    const j = await job();
    const invoice = (await j.agents.owner.post(`/api/lead-purchases/${j.sale.id}/invoices`).send({ items: LINES })).body as Invoice;
    const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/invoices/${invoice.id}/pay`).send({});
    await deliver(paid(intentIdOf(pay.body.payment.clientSecret)));
    const [row] = await bed.ctx.db.select({ version: leadPurchases.version }).from(leadPurchases).where(eq(leadPurchases.id, j.sale.id));
    const declined = { salesStage: "declined", declineReason: "price", version: row!.version };
    await j.agents.owner.patch(`/api/lead-purchases/${j.sale.id}/sales-stage`).send(declined).expect(200);
    const [online] = (await documentsOf(j.agents.owner, j.sale.id)).invoices[0]!.payments;
    expect((await j.agents.owner.post(`/api/payments/${online!.id}/refund`).send({ reason: "Job cancelled" })).status).toBe(200);
    expect((await documentsOf(j.agents.owner, j.sale.id)).invoices[0]).toMatchObject({ status: "issued" });
    expect(await stageOf(j.sale.id)).toBe("declined");
    expect(await movedBackReasons(j.sale.id)).toEqual([]);
  });
});

describe("without an active account, and in demo mode", () => {
  it("when the electrician takes no online payments, then the job page shows how to pay by EFT and Pay is 409", async () => {
    const j = await job({ active: false });
    const { quote, accepted } = await acceptedQuote(j);
    expect(accepted.payment).toBeUndefined();
    expect(accepted.quote).toMatchObject({
      actions: [],
      eft: { bsb: "062000", account: "12345678", accountName: j.people.owner.companyName, reference: quote.number, amount: "220.00" },
    });
    const pay = await request(bed.ctx.app).post(`/api/jobs/${j.token}/quotes/${quote.id}/pay`).send({});
    expect(pay.status).toBe(409);
    expect(pay.body.message).toBe(ONLINE_PAYMENT_MESSAGES.notOnline);
    expect((await page(j.token)).actions).not.toContain("pay");
  });

  it("when the server has no Stripe keys, then an invoice is paid at once as a demo and onboarding says so", async () => {
    await withTestApp({ now: () => clock, startAlertWorker: false, env: LIMITS }, async (demo) => {
      const cast = await createCast(demo);
      const sold = await soldLead(demo.db, cast.people.owner.id, {
        createdAt: new Date(clock.getTime() - 3_600_000),
        purchasedAt: new Date(clock.getTime() - 1_800_000),
      });
      const invoice = (await cast.agents.owner.post(`/api/lead-purchases/${sold.sale.id}/invoices`).send({ items: LINES })).body as Invoice;
      const onboarding = await cast.agents.owner.post("/api/provider/business/stripe-onboarding").send({});
      expect(onboarding.status).toBe(409);
      expect(onboarding.body.message).toBe(ONLINE_PAYMENT_MESSAGES.onboardingDemo);
      const pay = await request(demo.app).post(`/api/jobs/${sold.token}/invoices/${invoice.id}/pay`).send({});
      expect(pay.body).toEqual({ payment: { demo: true } });
      const after = (await cast.agents.owner.get(`/api/lead-purchases/${sold.sale.id}/documents`)).body as JobDocuments;
      expect(after.invoices[0]).toMatchObject({ status: "paid", balanceDue: "0.00", payments: [{ source: "demo", method: "card", amount: "1000.00" }] });
      expect((await request(demo.app).post(`/api/jobs/${sold.token}/invoices/${invoice.id}/pay`).send({})).status).toBe(409);
      // A demo payment is refunded without Stripe.
      const refund = await cast.agents.owner.post(`/api/payments/${after.invoices[0]!.payments[0]!.id}/refund`).send({ reason: "Test" });
      expect(refund.body.message).toBe(ONLINE_PAYMENT_MESSAGES.refundedDemo);
    });
  });
});
