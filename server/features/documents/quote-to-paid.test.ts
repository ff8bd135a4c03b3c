// From quote to Paid over HTTP, on either database (docs/decisions/051-quotes-and-tax-invoices.md,
// 052-invoice-numbers-and-payments.md): the electrician quotes, the customer accepts on the job
// page, the electrician invoices and records payments, and the job follows by itself.
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import type { Invoice } from "../../../shared/invoices";
import type { JobView } from "../../../shared/jobs";
import type { Quote } from "../../../shared/quotes";
import { leadPurchases, outboxMessages, quoteAcceptances, quotes, salesStageHistory } from "../../../shared/schema";
import { useTestApp } from "../../test/app";
import { soldLead } from "../../test/job-links";
import { createCast } from "../../test/sign-in";
import { termsHash } from "./terms";
import { toQuote } from "./view";
import { quoteRecords } from "./quotes-repo";

// Monday 23 November 2026, 12:00 in Sydney: outside quiet hours.
const clock = new Date("2026-11-23T01:00:00.000Z");
const ctx = useTestApp({ now: () => clock, startAlertWorker: false, env: { RATE_LIMIT_JOB_PAGE_PER_IP: "100000", RATE_LIMIT_PUBLIC_FORMS_PER_IP: "100000" } });

const LINES = [
  { description: "Switchboard upgrade to circuit breakers", quantity: 1, unitPrice: "1200.00" },
  { description: "Labour (hours)", quantity: "2.5", unitPrice: "95.50" },
  { description: "Council permit fee", quantity: 1, unitPrice: "60.00", gstFree: true },
];

async function job(options: { gstRegistered?: boolean } = {}) {
  const cast = await createCast(ctx);
  await cast.agents.owner
    .patch("/api/provider/business")
    .send({ gstRegistered: options.gstRegistered ?? true, invoicePrefix: "spk" })
    .expect(200);
  const sold = await soldLead(ctx.db, cast.people.owner.id, {
    createdAt: new Date(clock.getTime() - 3_600_000),
    purchasedAt: new Date(clock.getTime() - 1_800_000),
  });
  return { ...cast, ...sold };
}

const stageOf = async (purchaseId: number) => (await ctx.db.select().from(leadPurchases).where(eq(leadPurchases.id, purchaseId)))[0]!;

describe("quote, acceptance, invoice, payments", () => {
  it("when the whole journey runs, then the figures are right, the job moves Quote Sent, Quote Accepted, Paid, and each side is told", async () => {
    const { agents, people, sale, token, lead } = await job();
    const before = await stageOf(sale.id);

    const sent = await agents.member
      .post(`/api/lead-purchases/${sale.id}/quotes`)
      .send({ items: LINES, depositPercent: 20, notes: "Call Karen on 0411 222 333 first" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const quote = sent.body as Quote;
    // 1200 + 238.75 + 60 = 1498.75; GST 10% of 1438.75 = 143.875 -> 143.88 (half up, once); deposit 20% of 1642.63.
    expect(quote).toMatchObject({
      status: "sent",
      number: "Q-000001",
      subtotal: "1498.75",
      gst: "143.88",
      total: "1642.63",
      deposit: "328.53",
      validUntil: "2026-12-23",
    });
    expect(quote.items.map((i) => i.amount)).toEqual(["1200.00", "238.75", "60.00"]);
    expect(quote.sentToCustomer).toBe(true);

    const afterSend = await stageOf(sale.id);
    expect(afterSend.salesStage).toBe("quote_sent");
    expect(afterSend.version).toBe(before.version + 1);
    const sms = await ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.event, `quote.sent:${quote.id}`));
    expect(sms).toHaveLength(1);
    expect(String(sms[0]!.payload.text)).toMatch(/sent you a quote for \$1,642\.63\. .*\/job\/[A-Za-z0-9_-]{32}/);

    const page = (await request(ctx.server).get(`/api/jobs/${token}`)).body as JobView;
    expect(page.status).toBe("quoted");
    expect(page.actions).toEqual(expect.arrayContaining(["accept_quote", "decline_quote"]));
    expect(page.quote).toMatchObject({ id: quote.id, total: "1642.63", gst: "143.88" });
    // The job page keeps its privacy: the customer's number typed into the notes is hidden.
    expect(page.quote!.notes).not.toContain("0411");
    expect(JSON.stringify(page)).not.toContain(lead.customerAddress!);

    const accepted = await request(ctx.server)
      .post(`/api/jobs/${token}/quotes/${quote.id}/accept`)
      .set("User-Agent", "Phone browser 1.0")
      .send({ signatureName: "  Karen Mitchell " });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.quote).toMatchObject({ status: "accepted", acceptance: { signatureName: "Karen Mitchell", acceptedAt: clock.toISOString() } });
    const [signed] = await ctx.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id));
    const [record] = await quoteRecords(ctx.db, { quoteIds: [quote.id] });
    expect(signed).toMatchObject({ signatureName: "Karen Mitchell", userAgent: "Phone browser 1.0", acceptedAt: clock });
    expect(signed!.ip).toBeTruthy();
    expect(signed!.termsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(signed!.termsHash).toBe(termsHash(toQuote(record!, clock)));
    expect((await stageOf(sale.id)).salesStage).toBe("quote_accepted");
    const alerts = await ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.event, `quote.accepted:${quote.id}`));
    expect(alerts.map((a) => a.recipient)).toContain(`user:${people.owner.id}`);
    expect((await request(ctx.server).get(`/api/jobs/${token}`)).body.actions).not.toContain("accept_quote");

    // Demo mode (no Stripe keys): accepting pays the deposit at once, and says so (docs/decisions/056).
    expect(accepted.body.payment).toEqual({ demo: true });
    expect(accepted.body.quote).toMatchObject({ depositPaid: "328.53", actions: [], eft: null });
    expect(accepted.body.quote.payments).toMatchObject([{ amount: "328.53", method: "card", source: "demo", refundable: true }]);

    const issued = await agents.owner.post(`/api/lead-purchases/${sale.id}/invoices`).send({ quoteId: quote.id });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const invoice = issued.body as Invoice;
    expect(invoice).toMatchObject({
      number: "SPK-000001",
      title: "Tax invoice",
      status: "part_paid",
      total: "1642.63",
      gst: "143.88",
      depositPaid: "328.53",
      balanceDue: "1314.10",
      dueAt: "2026-11-30",
      buyer: { name: "Karen Mitchell", abn: null },
    });
    expect(invoice.items.map((i) => i.gstFree)).toEqual([false, false, true]);

    const part = await agents.member.post(`/api/invoices/${invoice.id}/payments`).send({ amount: "1000", method: "cash" });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({ status: "part_paid", paid: "1000.00", balanceDue: "314.10" });
    expect((await stageOf(sale.id)).salesStage).toBe("quote_accepted");

    const over = await agents.owner.post(`/api/invoices/${invoice.id}/payments`).send({ amount: "314.11", method: "card" });
    expect(over.status).toBe(409);
    expect(over.body.errors).toEqual({ amount: "That is more than the $314.10 still owing" });

    const rest = await agents.owner.post(`/api/invoices/${invoice.id}/payments`).send({ amount: 314.1, method: "card" });
    expect(rest.body).toMatchObject({ status: "paid", balanceDue: "0.00", paid: "1314.10" });
    const paidJob = await stageOf(sale.id);
    expect(paidJob.salesStage).toBe("invoice_paid");
    expect(paidJob.invoicePaidAt).toEqual(clock);
    const moves = await ctx.db.select().from(salesStageHistory).where(eq(salesStageHistory.purchaseId, sale.id));
    expect(moves.map((m) => [m.fromStage, m.toStage, m.changedBy])).toEqual([
      ["purchased", "quote_sent", people.member.id],
      ["quote_sent", "quote_accepted", null],
      ["quote_accepted", "invoice_paid", people.owner.id],
    ]);
    expect((await agents.owner.post(`/api/invoices/${invoice.id}/payments`).send({ amount: "1", method: "card" })).status).toBe(409);

    // The card and the CSV carry the figures.
    const rows = (await agents.owner.get("/api/my-purchased-leads")).body as Array<{ id: number; documents: unknown }>;
    expect(rows.find((r) => r.id === sale.id)!.documents).toMatchObject({
      quoted: "1642.63",
      invoiced: "1642.63",
      paid: "1642.63",
      invoice: { status: "paid" },
    });
    const csv = (await agents.owner.get("/api/my-purchased-leads/export.csv")).text;
    expect(csv.split("\r\n")[0]).toContain("Quoted,Invoiced,Paid (recorded)");
    expect(csv).toContain("1642.63,1642.63,1642.63");

    const final = (await request(ctx.server).get(`/api/jobs/${token}`)).body as JobView;
    expect(final.status).toBe("paid");
    expect(final.invoices.map((i) => [i.number, i.status, i.pdfUrl])).toEqual([["SPK-000001", "paid", `/api/jobs/${token}/invoices/${invoice.id}/pdf`]]);
  });

  it("when the customer declines, then the job is Declined with their reason and note, and the electrician is told", async () => {
    const { agents, sale, token } = await job();
    const quote = (await agents.owner.post(`/api/lead-purchases/${sale.id}/quotes`).send({ items: LINES })).body as Quote;
    const res = await request(ctx.server).post(`/api/jobs/${token}/quotes/${quote.id}/decline`).send({ reason: "found_someone", note: "Went with my cousin" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.quote).toMatchObject({ status: "declined", decline: { reason: "found_someone", note: "Went with my cousin" } });
    expect(await stageOf(sale.id)).toMatchObject({ salesStage: "declined", declineReason: "found_someone", declineNote: "Went with my cousin" });
    expect(
      await ctx.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.event, `quote.declined:${quote.id}`)),
    ).not.toHaveLength(0);
  });

  it("when the seller is not registered for GST, then no GST, every line taxed alike and the title is Invoice", async () => {
    const { agents, sale } = await job({ gstRegistered: false });
    const res = await agents.owner.post(`/api/lead-purchases/${sale.id}/invoices`).send({ items: LINES, dueDays: 14 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ title: "Invoice", gst: "0.00", total: "1498.75", subtotal: "1498.75", dueAt: "2026-12-07", status: "issued" });
    expect((res.body as Invoice).items.every((i) => !i.gstFree)).toBe(true);
  });
});

describe("what is refused", () => {
  it("when a new quote is sent, then the open one is replaced and answering it is 409; an answered quote is 409 too", async () => {
    const { agents, sale, token } = await job();
    const first = (await agents.owner.post(`/api/lead-purchases/${sale.id}/quotes`).send({ items: LINES })).body as Quote;
    const second = (await agents.owner.post(`/api/lead-purchases/${sale.id}/quotes`).send({ items: LINES.slice(0, 1) })).body as Quote;
    expect(second.number).toBe("Q-000002");
    const docs = (await agents.owner.get(`/api/lead-purchases/${sale.id}/documents`)).body as { quotes: Quote[] };
    expect(docs.quotes.map((q) => [q.id, q.status])).toEqual([
      [second.id, "sent"],
      [first.id, "superseded"],
    ]);
    expect((await request(ctx.server).post(`/api/jobs/${token}/quotes/${first.id}/accept`).send({ signatureName: "Karen" })).status).toBe(409);
    expect((await request(ctx.server).post(`/api/jobs/${token}/quotes/${second.id}/accept`).send({ signatureName: "Karen" })).status).toBe(200);
    expect((await request(ctx.server).post(`/api/jobs/${token}/quotes/${second.id}/decline`).send({ reason: "price" })).status).toBe(409);
    expect((await request(ctx.server).post(`/api/jobs/${token}/quotes/${second.id}/accept`).send({ signatureName: "Karen" })).status).toBe(409);
  });

  it("when a quote's last day is over, then it reads expired and accepting it is 409", async () => {
    const { agents, sale, token } = await job();
    const quote = (await agents.owner.post(`/api/lead-purchases/${sale.id}/quotes`).send({ items: LINES, validUntil: "2026-11-23" })).body as Quote;
    expect(quote.status).toBe("sent");
    await ctx.db.update(quotes).set({ validUntil: "2026-11-22" }).where(eq(quotes.id, quote.id));
    expect((await request(ctx.server).get(`/api/jobs/${token}`)).body.quote.status).toBe("expired");
    expect((await request(ctx.server).post(`/api/jobs/${token}/quotes/${quote.id}/accept`).send({ signatureName: "Karen" })).status).toBe(409);
  });

  it("when another job's token or another provider asks for a document, then 404", async () => {
    const mine = await job();
    const theirs = await job();
    const quote = (await mine.agents.owner.post(`/api/lead-purchases/${mine.sale.id}/quotes`).send({ items: LINES })).body as Quote;
    expect((await request(ctx.server).post(`/api/jobs/${theirs.token}/quotes/${quote.id}/accept`).send({ signatureName: "Karen" })).status).toBe(404);
    expect(
      (
        await request(ctx.server)
          .post(`/api/jobs/${"Q".repeat(32)}/quotes/${quote.id}/accept`)
          .send({ signatureName: "Karen" })
      ).status,
    ).toBe(404);
    expect((await mine.agents.rival.post(`/api/lead-purchases/${mine.sale.id}/quotes`).send({ items: LINES })).status).toBe(404);
    expect((await mine.agents.rival.get(`/api/lead-purchases/${mine.sale.id}/documents`)).status).toBe(404);
    const invoice = (await mine.agents.owner.post(`/api/lead-purchases/${mine.sale.id}/invoices`).send({ items: LINES })).body as Invoice;
    expect((await mine.agents.rival.post(`/api/invoices/${invoice.id}/payments`).send({ amount: "1", method: "cash" })).status).toBe(404);
    expect((await mine.agents.rival.post(`/api/invoices/${invoice.id}/void`).send({ reason: "x" })).status).toBe(404);
    expect((await theirs.agents.owner.post(`/api/lead-purchases/${theirs.sale.id}/invoices`).send({ quoteId: quote.id })).status).toBe(404);
    expect((await mine.agents.admin.post(`/api/invoices/${invoice.id}/payments`).send({ amount: "1", method: "cash" })).status).toBe(200);
  });

  it("when an invoice is voided, then it keeps its number, takes no payment, and the next one gets the next number", async () => {
    const { agents, sale } = await job();
    const first = (await agents.owner.post(`/api/lead-purchases/${sale.id}/invoices`).send({ items: LINES })).body as Invoice;
    const voided = await agents.owner.post(`/api/invoices/${first.id}/void`).send({ reason: "Wrong customer name" });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({ number: first.number, status: "void", voidReason: "Wrong customer name", balanceDue: "0.00" });
    expect((await agents.owner.post(`/api/invoices/${first.id}/void`).send({ reason: "again" })).status).toBe(409);
    expect((await agents.owner.post(`/api/invoices/${first.id}/payments`).send({ amount: "1", method: "cash" })).status).toBe(409);
    const next = (await agents.owner.post(`/api/lead-purchases/${sale.id}/invoices`).send({ items: LINES })).body as Invoice;
    expect([first.number, next.number]).toEqual(["SPK-000001", "SPK-000002"]);
    // A paid-into invoice cannot be voided: the money recorded would vanish with it.
    await agents.owner.post(`/api/invoices/${next.id}/payments`).send({ amount: "10", method: "cash" }).expect(200);
    expect((await agents.owner.post(`/api/invoices/${next.id}/void`).send({ reason: "x" })).status).toBe(409);
  });

  it("when an invoice is refused, then it takes no number", async () => {
    const { agents, sale } = await job();
    const quote = (await agents.owner.post(`/api/lead-purchases/${sale.id}/quotes`).send({ items: LINES })).body as Quote;
    expect((await agents.owner.post(`/api/lead-purchases/${sale.id}/invoices`).send({ quoteId: quote.id })).status).toBe(409);
    const tooBig = [{ description: "Everything", quantity: "99999", unitPrice: "99999999.99" }];
    expect((await agents.owner.post(`/api/lead-purchases/${sale.id}/invoices`).send({ items: tooBig })).status).toBe(400);
    const issued = (await agents.owner.post(`/api/lead-purchases/${sale.id}/invoices`).send({ items: LINES })).body as Invoice;
    expect(issued.number).toBe("SPK-000001");
  });

  it.each([
    ["no line", { items: [] }, "items"],
    ["51 lines", { items: Array.from({ length: 51 }, () => LINES[0]) }, "items"],
    ["a line without a description", { items: [{ description: "", quantity: 1, unitPrice: "1" }] }, "items.0.description"],
    ["a quantity of 0", { items: [{ description: "x", quantity: 0, unitPrice: "1" }] }, "items.0.quantity"],
    ["a price with 3 decimals", { items: [{ description: "x", quantity: 1, unitPrice: "1.001" }] }, "items.0.unitPrice"],
    ["a price past numeric(10,2)", { items: [{ description: "x", quantity: 1, unitPrice: "100000000" }] }, "items.0.unitPrice"],
    ["a deposit as both percent and amount", { items: LINES, depositPercent: 10, depositAmount: "5" }, "depositAmount"],
    ["a deposit of 101%", { items: LINES, depositPercent: 101 }, "depositPercent"],
    ["a deposit above the total", { items: LINES, depositAmount: "99999" }, "depositAmount"],
    ["a last day already past", { items: LINES, validUntil: "2026-11-22" }, "validUntil"],
  ])("when a quote has %s, then 400 naming the field", async (_name, body, field) => {
    const { agents, sale } = await job();
    const res = await agents.owner.post(`/api/lead-purchases/${sale.id}/quotes`).send(body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors as object)).toContain(field);
  });

  it("when the electrician asks with bad payment or void input, then 400", async () => {
    const { agents, sale } = await job();
    const invoice = (await agents.owner.post(`/api/lead-purchases/${sale.id}/invoices`).send({ items: LINES })).body as Invoice;
    for (const body of [
      { amount: "0", method: "cash" },
      { amount: "5", method: "bitcoin" },
      { amount: "-1", method: "eft" },
    ]) {
      expect((await agents.owner.post(`/api/invoices/${invoice.id}/payments`).send(body)).status).toBe(400);
    }
    expect((await agents.owner.post(`/api/invoices/${invoice.id}/void`).send({ reason: " " })).status).toBe(400);
    expect((await agents.owner.post(`/api/lead-purchases/${sale.id}/invoices`).send({ items: LINES, quoteId: 1 })).status).toBe(400);
    expect((await agents.owner.post(`/api/lead-purchases/${sale.id}/invoices`).send({ items: LINES, buyerAbn: "12345678901" })).status).toBe(400);
  });
});

describe("a provider's own job", () => {
  it("when it is quoted, then the quote is kept for the electrician's records and nobody is texted", async () => {
    const { agents, people } = await job();
    const own = await agents.owner.post("/api/leads/manual").send({
      customerName: "Own Customer",
      customerPhone: "0412999888",
      serviceLocation: "Parramatta NSW 2150",
      electricalWork: "Fit a new light",
      serviceType: "installation",
      propertyType: "residential",
      urgency: "flexible",
      timeframe: "this_month",
      budgetRange: "unsure",
      suburb: "Parramatta",
      state: "NSW",
      postcode: "2150",
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const [purchase] = await ctx.db
      .select()
      .from(leadPurchases)
      .where(and(eq(leadPurchases.leadId, own.body.id as number), eq(leadPurchases.buyerId, people.owner.id)));
    const res = await agents.owner.post(`/api/lead-purchases/${purchase!.id}/quotes`).send({ items: LINES });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.sentToCustomer).toBe(false);
    expect(
      await ctx.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.event, `quote.sent:${res.body.id as number}`)),
    ).toHaveLength(0);
    expect((await stageOf(purchase!.id)).salesStage).toBe("quote_sent");
  });
});
