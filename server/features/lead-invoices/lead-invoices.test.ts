// Our tax invoices for the leads we sell, their adjustment notes and the monthly statement
// (docs/decisions/053-tax-documents-pdf.md): who gets them, which purchases have them, and what
// the PDF says, read back as text.
import type request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { LEAD_INVOICE_MESSAGES, type LeadStatement } from "../../../shared/lead-invoices";
import { eq } from "drizzle-orm";
import { leadPurchases, leads, type User } from "../../../shared/schema";
import { createDiscountCode, createPurchase, createUser } from "../../setup/factories";
import { paymentsFromConfig } from "../../platform/payments";
import { refundPurchase } from "../../core/refunds/refund";
import { useTestApp } from "../../test/app";
import { flat, pdfText } from "../../test/pdf-text";
import { type CastRole, createCast, signIn } from "../../test/sign-in";

const ctx = useTestApp({ env: { BUSINESS_NAME: "Aussie Electricians Pty Ltd", BUSINESS_ABN: "51 824 753 556" } });
let owner: User;
let agents: Record<CastRole, request.Agent>;

beforeAll(async () => {
  ({
    people: { owner },
    agents,
  } = await createCast(ctx, {
    // The owner shares lead spend with the team, so the member sees the documents (docs/decisions/087-lead-spend-private-from-the-team.md).
    owner: {
      companyName: "Sparks & Söhne Electrical Pty Ltd",
      abn: "53004085616",
      businessAddress: "12 Ōtautahi Lane, Parramatta NSW 2150",
      teamSeesLeadSpend: true,
    },
  }));
});

const secretCustomer = {
  customerName: "Jane Citizen",
  customerPhone: "0412999888",
  customerEmail: "jane@example.com",
  customerAddress: "7 Hidden Rd, Parramatta NSW 2150",
};

async function bought(purchase: Partial<typeof leadPurchases.$inferInsert>, buyer = owner.id) {
  return createPurchase(ctx.db, buyer, {
    lead: { ...secretCustomer, serviceType: "upgrade", suburb: "Parramatta", state: "NSW" },
    purchase: { buyerName: "Dave Wilson", ...purchase },
  });
}

const download = (agent: request.Agent, path: string) =>
  agent
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done(null, Buffer.concat(chunks)));
    });

async function textOf(agent: request.Agent, path: string) {
  const res = await download(agent, path);
  expect(res.status, String(res.body)).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  return { text: flat((await pdfText(res.body as Buffer)).text), disposition: res.headers["content-disposition"] as string };
}

describe("the tax invoice of a lead purchase", () => {
  it("when the buyer downloads the invoice of a lead bought with a discount, then the PDF holds every ATO field and the price actually paid, and nothing more of the customer", async () => {
    const code = await createDiscountCode(ctx.db, { code: "SPRING20", discountType: "percentage", discountValue: "20.00" });
    const purchase = await bought({
      amountPaid: "110.00",
      originalPrice: "137.50",
      discountAmount: "27.50",
      discountCodeId: code.id,
      purchasedAt: new Date("2026-11-02T23:15:00Z"),
    });
    const number = `AEL-${String(purchase.id).padStart(6, "0")}`;
    const { text, disposition } = await textOf(agents.owner, `/api/lead-purchases/${purchase.id}/tax-invoice`);
    expect(disposition).toContain(`${number}.pdf`);
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, purchase.leadId));
    for (const field of [
      "Tax invoice",
      number,
      "Aussie Electricians Pty Ltd", // the seller (BUSINESS_NAME) and its ABN
      "ABN 51 824 753 556",
      "3 Nov 2026", // the purchase's Sydney date
      `Lead ${lead!.jobReference}: Upgrade, Parramatta NSW`,
      "$137.50",
      "Discount (code SPRING20) -$27.50",
      "Total $110.00",
      "Total price includes GST", // $10.00 is exactly one eleventh of $110.00
      "GST included in the total $10.00",
      "Sparks & Söhne Electrical Pty Ltd", // the buyer's identity and ABN
      "ABN 53 004 085 616",
    ]) {
      expect(text, field).toContain(field);
    }
    for (const secret of Object.values(secretCustomer)) expect(text).not.toContain(secret);
  });

  it("when GST is not exactly one eleventh of the price, then the invoice shows the GST amount instead of the sentence", async () => {
    // An original price that disagrees with the sale (a row made by hand) does not break the sum: the lines add up to what was paid.
    const purchase = await bought({ amountPaid: "100.00", originalPrice: "80.00" });
    const { text } = await textOf(agents.owner, `/api/lead-purchases/${purchase.id}/tax-invoice`);
    expect(text).toContain("GST included in the total $9.09");
    expect(text).not.toContain("Total price includes GST");
    expect(text).not.toContain("Discount");
    expect(text).toContain("Lead");
    expect(text).not.toContain("$80.00");
  });

  it("when the team member or the super admin asks, then they get it; another provider gets the same 404 as no purchase at all, a customer 403", async () => {
    const purchase = await bought({ amountPaid: "45.00" });
    const path = `/api/lead-purchases/${purchase.id}/tax-invoice`;
    for (const role of ["member", "admin"] as const) expect((await download(agents[role], path)).status, role).toBe(200);
    const stranger = await agents.rival.get(path);
    const nothing = await agents.rival.get(`/api/lead-purchases/2147483647/tax-invoice`);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual(nothing.body);
    expect(stranger.body).toEqual({ message: LEAD_INVOICE_MESSAGES.notFound });
    expect((await agents.customer.get(path)).status).toBe(403);
  });

  it("when the lead was claimed for $0 or its payment is pending, then there is no tax invoice and the buyer is told why", async () => {
    const free = await bought({ amountPaid: "0.00", originalPrice: "0.00" });
    const pending = await bought({ amountPaid: "40.00", paymentStatus: "pending" });
    const freeRes = await agents.owner.get(`/api/lead-purchases/${free.id}/tax-invoice`);
    expect(freeRes.status).toBe(404);
    expect(freeRes.body.message).toBe(LEAD_INVOICE_MESSAGES.free);
    const pendingRes = await agents.member.get(`/api/lead-purchases/${pending.id}/tax-invoice`);
    expect(pendingRes.status).toBe(404);
    expect(pendingRes.body.message).toBe(LEAD_INVOICE_MESSAGES.notPaid);
    // The stranger learns neither reason.
    expect((await agents.rival.get(`/api/lead-purchases/${free.id}/tax-invoice`)).body.message).toBe(LEAD_INVOICE_MESSAGES.notFound);
  });
});

describe("the adjustment note of a refund", () => {
  it("when a purchase is refunded, then its adjustment note names the original invoice, the decrease and its GST, and the invoice stays", async () => {
    const purchase = await bought({ amountPaid: "55.00", originalPrice: "55.00", purchasedAt: new Date("2026-11-05T01:00:00Z") });
    const path = `/api/lead-purchases/${purchase.id}/adjustment-note`;
    expect((await agents.owner.get(path)).body.message).toBe(LEAD_INVOICE_MESSAGES.noRefund);
    await ctx.db.transaction((tx) =>
      refundPurchase(
        tx,
        { payments: paymentsFromConfig(ctx.config).payments },
        { purchaseId: purchase.id, reason: "unreachable", now: new Date("2026-11-08T03:00:00Z") },
      ),
    );
    const number = `AEL-${String(purchase.id).padStart(6, "0")}`;
    const { text, disposition } = await textOf(agents.member, path);
    expect(disposition).toContain(`${number}-ADJ.pdf`);
    for (const field of [
      "Adjustment note",
      `${number}-ADJ`,
      `Original invoice ${number}`,
      "Invoice date 5 Nov 2026",
      "8 Nov 2026",
      "Aussie Electricians Pty Ltd",
      "ABN 51 824 753 556",
      "Sparks & Söhne Electrical Pty Ltd",
      "Refund of the lead fee (customer unreachable)",
      "Decrease in price $55.00",
      "GST included in the total $5.00",
      `decreases the price on tax invoice ${number} of 5 Nov 2026 by $55.00, which includes GST of $5.00`,
    ]) {
      expect(text, field).toContain(field);
    }
    expect((await download(agents.owner, `/api/lead-purchases/${purchase.id}/tax-invoice`)).status).toBe(200);
    expect((await agents.rival.get(path)).status).toBe(404);
  });
});

describe("the monthly statement", () => {
  it("when a month has purchases and a refund, then the statement lists each with its GST and its sums equal the purchases, on the JSON and in the PDF", async () => {
    const buyer = await createUser(ctx.db, { companyName: "Statement Sparks Pty Ltd", abn: "53004085616", teamSeesLeadSpend: true });
    const team = await createUser(ctx.db, { userType: "team_member", teamOwnerId: buyer.id });
    const [boss, helper] = [await signIn(ctx.server, buyer.username), await signIn(ctx.server, team.username)];
    const at = (iso: string) => new Date(iso);
    // 1 Nov 00:30 in Sydney (still 31 Oct in UTC): November's.
    const first = await bought({ amountPaid: "110.00", purchasedAt: at("2026-10-31T13:30:00Z") }, buyer.id);
    const second = await bought({ amountPaid: "37.40", originalPrice: "46.75", discountAmount: "9.35", purchasedAt: at("2026-11-15T02:00:00Z") }, buyer.id);
    // Bought in October, refunded in November: the refund is November's, the purchase October's.
    const october = await bought({ amountPaid: "44.00", purchasedAt: at("2026-10-20T02:00:00Z") }, buyer.id);
    await ctx.db.transaction((tx) =>
      refundPurchase(
        tx,
        { payments: paymentsFromConfig(ctx.config).payments },
        { purchaseId: october.id, reason: "bad_lead", now: at("2026-11-03T02:00:00Z") },
      ),
    );
    await bought({ amountPaid: "0.00", purchasedAt: at("2026-11-10T02:00:00Z") }, buyer.id); // a free claim: no invoice, not listed
    await bought({ amountPaid: "99.00", purchasedAt: at("2026-11-30T13:30:00Z") }, buyer.id); // 1 Dec in Sydney
    await bought({ amountPaid: "77.00", purchasedAt: at("2026-11-12T02:00:00Z") }); // another business's

    const res = await helper.get("/api/lead-purchases/statement?month=2026-11&format=json");
    expect(res.status).toBe(200);
    const statement = res.body as LeadStatement;
    expect(statement.entries.map((e) => [e.kind, e.purchaseId, e.amount, e.gst])).toEqual([
      ["purchase", first.id, "110.00", "10.00"],
      ["refund", october.id, "-44.00", "-4.00"],
      ["purchase", second.id, "37.40", "3.40"],
    ]);
    expect(statement.totals).toEqual({
      purchaseCount: 2,
      purchases: "147.40",
      purchasesGst: "13.40",
      refundCount: 1,
      refunds: "44.00",
      refundsGst: "4.00",
      net: "103.40",
      netGst: "9.40",
    });

    const { text } = await textOf(boss, "/api/lead-purchases/statement?month=2026-11");
    for (const field of [
      "Statement",
      "Period 1 Nov 2026 – 30 Nov 2026",
      "Statement Sparks Pty Ltd",
      "ABN 51 824 753 556",
      `AEL-${String(first.id).padStart(6, "0")}`,
      `AEL-${String(october.id).padStart(6, "0")}-ADJ`,
      "Net lead fees $103.40",
      "Purchases (2) $147.40",
      "GST in purchases $13.40",
      "Refunds (1) -$44.00",
      "Net GST $9.40",
    ]) {
      expect(text, field).toContain(field);
    }
    // October's statement has the October purchase and not its November refund.
    const octoberStatement = (await boss.get("/api/lead-purchases/statement?month=2026-10&format=json")).body as LeadStatement;
    expect(octoberStatement.entries.map((e) => [e.kind, e.purchaseId])).toEqual([["purchase", october.id]]);
  });

  it("when the month is malformed or missing, then 400 names it; a customer 403", async () => {
    for (const query of ["?month=2026-13", "?month=2026-1", "?month=November", "", "?month=2026-11&format=xml"]) {
      const res = await agents.owner.get(`/api/lead-purchases/statement${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await agents.owner.get("/api/lead-purchases/statement?month=2026-13")).body.errors).toEqual({ month: LEAD_INVOICE_MESSAGES.month });
    expect((await agents.customer.get("/api/lead-purchases/statement?month=2026-11")).status).toBe(403);
  });
});
