// The business details quotes and invoices print, and invoice numbers, over HTTP on either
// database (docs/decisions/051-quotes-and-tax-invoices.md, 052-invoice-numbers-and-payments.md).
import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import type { BusinessDetails } from "../../../shared/business";
import type { Invoice } from "../../../shared/invoices";
import type { Quote } from "../../../shared/quotes";
import { invoices } from "../../../shared/schema";
import { createPurchase, TEST_ABN } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { soldLead } from "../../test/job-links";
import { createCast } from "../../test/sign-in";

const clock = new Date("2026-11-23T01:00:00.000Z");
const ctx = useTestApp({ now: () => clock, startAlertWorker: false, env: { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "100000" } });
const LINE = [{ description: "Smoke alarm replaced", quantity: 1, unitPrice: "120.00" }];

describe("business details", () => {
  it("when nothing was set, then the account's name and ABN with the defaults; the owner may edit, the team member may not", async () => {
    const { agents, people } = await createCast(ctx);
    const owner = (await agents.owner.get("/api/provider/business")).body as BusinessDetails;
    expect(owner).toEqual({
      businessName: people.owner.companyName,
      abn: TEST_ABN,
      gstRegistered: false,
      address: null,
      invoicePrefix: "INV",
      paymentTermsDays: 7,
      bankBsb: null,
      bankAccount: null,
      canEdit: true,
      // Public profile on until the owner opts out (docs/decisions/060-public-profiles.md).
      publicProfile: true,
      // No Stripe keys here: demo mode, no account (docs/decisions/056).
      stripeAccount: { status: "none", chargesEnabled: false, payoutsEnabled: false, demo: true },
    });
    const member = await agents.member.get("/api/provider/business");
    expect(member.status).toBe(200);
    expect(member.body).toEqual({ ...owner, canEdit: false });
  });

  it("when the owner changes them, then the team reads the change; a team member's change is 403 and changes nothing", async () => {
    const { agents } = await createCast(ctx);
    const change = {
      businessName: "  Bright Spark Electrical Pty Ltd ",
      abn: "53 004 085 616",
      gstRegistered: true,
      address: "4/12 Smith St, Parramatta NSW 2150",
      invoicePrefix: "bse",
      paymentTermsDays: 14,
      bankBsb: "062-000",
      bankAccount: "1234 5678",
    };
    const saved = await agents.owner.patch("/api/provider/business").send(change);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const expected = {
      businessName: "Bright Spark Electrical Pty Ltd",
      abn: "53004085616",
      gstRegistered: true,
      address: "4/12 Smith St, Parramatta NSW 2150",
      invoicePrefix: "BSE",
      paymentTermsDays: 14,
      bankBsb: "062000",
      bankAccount: "12345678",
      publicProfile: true,
      stripeAccount: { status: "none", chargesEnabled: false, payoutsEnabled: false, demo: true },
    };
    expect(saved.body).toEqual({ ...expected, canEdit: true });
    const refused = await agents.member.patch("/api/provider/business").send({ invoicePrefix: "TEAM" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only the business owner can change the business details");
    expect((await agents.member.get("/api/provider/business")).body).toEqual({ ...expected, canEdit: false });
    // Blank clears the bank details.
    expect((await agents.owner.patch("/api/provider/business").send({ bankBsb: "", bankAccount: "" })).body).toMatchObject({
      bankBsb: null,
      bankAccount: null,
    });
  });

  it.each([
    [{ abn: "51824753557" }, "abn"],
    [{ abn: "1234" }, "abn"],
    [{ invoicePrefix: "INV1" }, "invoicePrefix"],
    [{ invoicePrefix: "TOOLONG" }, "invoicePrefix"],
    [{ paymentTermsDays: 400 }, "paymentTermsDays"],
    [{ paymentTermsDays: 1.5 }, "paymentTermsDays"],
    [{ bankBsb: "12345" }, "bankBsb"],
    [{ bankAccount: "12" }, "bankAccount"],
    [{ businessName: " " }, "businessName"],
  ])("when the change is %j, then 400 naming %s", async (body, field) => {
    const { agents } = await createCast(ctx);
    const res = await agents.owner.patch("/api/provider/business").send(body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors as object)).toEqual([field]);
  });

  it("when the details change after an invoice, then the invoice keeps the seller it was issued with", async () => {
    const { agents, people } = await createCast(ctx);
    const sale = await createPurchase(ctx.db, people.owner.id);
    const before = (await agents.owner.post(`/api/lead-purchases/${sale.id}/invoices`).send({ items: LINE })).body as Invoice;
    await agents.owner.patch("/api/provider/business").send({ businessName: "Renamed Electrical", invoicePrefix: "NEW" }).expect(200);
    const docs = (await agents.owner.get(`/api/lead-purchases/${sale.id}/documents`)).body as { invoices: Invoice[] };
    expect(docs.invoices[0]).toMatchObject({ number: before.number, seller: { businessName: people.owner.companyName } });
    const after = (await agents.owner.post(`/api/lead-purchases/${sale.id}/invoices`).send({ items: LINE })).body as Invoice;
    expect([before.number, after.number]).toEqual(["INV-000001", "NEW-000002"]);
  });
});

describe("invoice numbers", () => {
  it("when 50 invoices are issued at once, with refused ones among them, then they are numbered exactly 1 to 50", async () => {
    const { agents, people } = await createCast(ctx);
    const { sale, token } = await soldLead(ctx.db, people.owner.id, {
      createdAt: new Date(clock.getTime() - 7_200_000),
      purchasedAt: new Date(clock.getTime() - 3_600_000),
    });
    const quote = (await agents.owner.post(`/api/lead-purchases/${sale.id}/quotes`).send({ items: LINE })).body as Quote;
    await request(ctx.server).post(`/api/jobs/${token}/quotes/${quote.id}/accept`).send({ signatureName: "Karen Mitchell" }).expect(200);
    const sales = await Promise.all(Array.from({ length: 49 }, () => createPurchase(ctx.db, people.owner.id)));
    const tooLarge = [{ description: "Everything", quantity: "99999", unitPrice: "99999999.99" }];
    const calls = [
      ...sales.map((s, i) => (i % 2 ? agents.owner : agents.member).post(`/api/lead-purchases/${s.id}/invoices`).send({ items: LINE })),
      // The accepted quote, five times at once: one invoice, four refusals (409) that take no number.
      ...Array.from({ length: 5 }, () => agents.owner.post(`/api/lead-purchases/${sale.id}/invoices`).send({ quoteId: quote.id })),
      ...Array.from({ length: 5 }, () => agents.owner.post(`/api/lead-purchases/${sale.id}/invoices`).send({ items: tooLarge })),
    ];
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(50).fill(201), ...Array(5).fill(400), ...Array(4).fill(409)].sort());
    const numbers = answers.filter((a) => a.status === 201).map((a) => (a.body as Invoice).number);
    expect(numbers.sort()).toEqual(Array.from({ length: 50 }, (_, i) => `INV-${String(i + 1).padStart(6, "0")}`));
    const stored = await ctx.db.select({ seq: invoices.numberSeq }).from(invoices).where(eq(invoices.providerId, people.owner.id));
    expect(stored.map((r) => r.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // Another electrician's numbering is their own.
    const rival = await createPurchase(ctx.db, people.rival.id);
    expect(((await agents.rival.post(`/api/lead-purchases/${rival.id}/invoices`).send({ items: LINE })).body as Invoice).number).toBe("INV-000001");
  });

  it("when anything tries to renumber an invoice, then the database refuses", async () => {
    const { agents, people } = await createCast(ctx);
    const sale = await createPurchase(ctx.db, people.owner.id);
    const invoice = (await agents.owner.post(`/api/lead-purchases/${sale.id}/invoices`).send({ items: LINE })).body as Invoice;
    await expect(ctx.db.update(invoices).set({ number: "INV-999999" }).where(eq(invoices.id, invoice.id))).rejects.toThrow();
  });
});
