// "Get the figures right" (docs/decisions/032): the CSV export speaks in labels, not wire codes, and holds
// what the dashboard's date filter shows (Sydney days, inclusive); the Purchase History marks
// a refunded purchase and leaves it out of the total, with refunds on their own line.
import { eq } from "drizzle-orm";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { EXPORT_RANGE_MESSAGES } from "../../../shared/export-range";
import { historyTotals } from "../../../shared/history-totals";
import type { PurchasedLead } from "../../../shared/pipeline";
import { autoBuyOrders, purchaseRefunds, type User } from "../../../shared/schema";
import { createPurchase, createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { csvRowsOf as rowsOf } from "../../test/csv-rows";
import { signIn } from "../../test/sign-in";

const ctx = useTestApp();
let owner: User;
let agent: request.Agent;

// Sydney days (daylight time, UTC+11 in January): 23:30 on 9 Jan in UTC is 10:30 on 10 Jan.
const ON_10_JAN = new Date("2026-01-09T23:30:00Z");
const ON_12_JAN_EARLY = new Date("2026-01-11T13:05:00Z"); // 00:05 on 12 Jan in Sydney
const ON_12_JAN_LATE = new Date("2026-01-12T12:55:00Z"); // 23:55 on 12 Jan in Sydney
const ON_13_JAN = new Date("2026-01-12T13:05:00Z"); // 00:05 on 13 Jan in Sydney

beforeAll(async () => {
  owner = await createUser(ctx.db);
  agent = await signIn(ctx.server, owner.username);
  const lead = (customerName: string) => ({
    customerName,
    urgency: "within_week",
    budgetRange: "unsure",
    serviceType: "installation",
    propertyType: "residential",
  });
  await createPurchase(ctx.db, owner.id, { lead: lead("Ada Before"), purchase: { purchasedAt: ON_10_JAN, salesStage: "invoice_paid", amountPaid: "40.00" } });
  await createPurchase(ctx.db, owner.id, {
    lead: lead("Bea Early"),
    purchase: { purchasedAt: ON_12_JAN_EARLY, salesStage: "quote_sent", amountPaid: "52.50" },
  });
  const refunded = await createPurchase(ctx.db, owner.id, {
    lead: lead("Cy Refunded"),
    purchase: { purchasedAt: ON_12_JAN_LATE, amountPaid: "44.00", paymentStatus: "refunded", refundAmount: "44.00", refundedAt: ON_13_JAN },
  });
  // Its refund row (docs/decisions/049), as the one refund function writes it.
  await ctx.db.insert(purchaseRefunds).values({ purchaseId: refunded.id, reason: "bad_lead", amount: "44.00", reference: "credit:1", createdAt: ON_13_JAN });
  await createPurchase(ctx.db, owner.id, { lead: lead("Di After"), purchase: { purchasedAt: ON_13_JAN, amountPaid: "0.00" } });
});

const exportCsv = (query = "") => agent.get(`/api/my-purchased-leads/export.csv${query}`);
describe("CSV export", () => {
  it("when exported, then urgency, budget, stage, types and payment read as words, never wire codes", async () => {
    const res = await exportCsv();
    expect(res.status).toBe(200);
    const ada = rowsOf(res.text).find((r) => r["Customer Name"] === "Ada Before")!;
    expect(ada).toMatchObject({
      Urgency: "Within a week",
      Budget: "Not sure yet",
      "Sales Stage": "Paid",
      "Service Type": "Installation",
      "Property Type": "Residential",
      "Payment Status": "Paid",
    });
    expect(rowsOf(res.text).find((r) => r["Customer Name"] === "Bea Early")!["Sales Stage"]).toBe("Quoted");
    expect(rowsOf(res.text).find((r) => r["Customer Name"] === "Cy Refunded")!["Payment Status"]).toBe("Refunded");
    for (const code of ["within_week", "unsure", "invoice_paid", "quote_sent", "completed"]) expect(res.text).not.toContain(code);
  });

  it("when phones are exported, then they are spaced as people write them, so a spreadsheet keeps the leading 0", async () => {
    const someone = await createUser(ctx.db);
    const phones = { "Mo Mobile": "0412345678", "Lan Landline": "0298765432", "Bea Business": "1300123456" };
    for (const [customerName, customerPhone] of Object.entries(phones)) {
      await createPurchase(ctx.db, someone.id, { lead: { customerName, customerPhone }, purchase: { purchasedAt: ON_10_JAN } });
    }
    const rows = rowsOf((await (await signIn(ctx.server, someone.username)).get("/api/my-purchased-leads/export.csv")).text);
    expect(Object.fromEntries(rows.map((r) => [r["Customer Name"], r["Customer Phone"]]))).toEqual({
      "Mo Mobile": "0412 345 678",
      "Lan Landline": "02 9876 5432",
      "Bea Business": "1300 123 456",
    });
  });

  it("when a date range is given, then only purchases made on those Sydney days are exported, both ends included", async () => {
    const names = async (query: string) => rowsOf((await exportCsv(query)).text).map((r) => r["Customer Name"]);
    expect(await names("?from=2026-01-12&to=2026-01-12")).toEqual(["Cy Refunded", "Bea Early"]);
    expect(await names("?from=2026-01-10&to=2026-01-12")).toEqual(["Cy Refunded", "Bea Early", "Ada Before"]);
    expect(await names("?from=2026-01-13")).toEqual(["Di After"]);
    expect(await names("?to=2026-01-10")).toEqual(["Ada Before"]);
    expect(await names("?from=2026-01-11&to=2026-01-11")).toEqual([]);
    expect(await names("")).toHaveLength(4);
  });

  it("when the range is reversed or a date is malformed, then 400 says which, never an empty file", async () => {
    const reversed = await exportCsv("?from=2026-01-13&to=2026-01-10");
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe(EXPORT_RANGE_MESSAGES.reversed);
    for (const query of ["?from=12/01/2026", "?to=2026-02-30", "?from=tomorrow"]) {
      const res = await exportCsv(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(EXPORT_RANGE_MESSAGES.badDate);
    }
  });
});

describe("Purchase History totals", () => {
  it("when one purchase was refunded, then it is marked, left out of the total and shown on its own line", async () => {
    const res = await agent.get("/api/my-purchased-leads");
    expect(res.status).toBe(200);
    const rows = res.body as PurchasedLead[];
    expect(rows.find((p) => p.lead.customerName === "Cy Refunded")).toMatchObject({
      paymentStatus: "refunded",
      refund: { amount: "44.00", reason: "bad_lead" },
    });
    // 40.00 + 52.50 + 0.00 stand; 44.00 came back.
    expect(historyTotals(rows)).toEqual({ paid: "92.50", refunded: "44.00", refundCount: 1, customerPayments: "0.00" });
  });

  it("when the figures are added by hand, then the total equals the purchases that stand, to the cent", () => {
    const totals = historyTotals([
      { amountPaid: "0.10", paymentStatus: "completed", customerPaymentAmount: "100.05" },
      { amountPaid: "0.20", paymentStatus: "completed", customerPaymentAmount: null },
      { amountPaid: "33.33", paymentStatus: "refunded", refund: null },
    ]);
    expect(totals).toEqual({ paid: "0.30", refunded: "33.33", refundCount: 1, customerPayments: "100.05" });
  });
});

describe("Auto-bought purchases (docs/decisions/065-auto-buy-screens.md)", () => {
  it("when one purchase was bought by a standing order, then the pipeline says autoBought and the CSV's last column says yes, the others no", async () => {
    const buyer = await createUser(ctx.db);
    const [order] = await ctx.db.insert(autoBuyOrders).values({ ownerId: buyer.id, maxPrice: "25.00", maxPerDay: 3, maxPerWeek: "200.00" }).returning();
    await createPurchase(ctx.db, buyer.id, { lead: { customerName: "Otto Ordered" }, purchase: { purchasedAt: ON_10_JAN, autoBuyOrderId: order!.id } });
    await createPurchase(ctx.db, buyer.id, { lead: { customerName: "Max Manual" }, purchase: { purchasedAt: ON_12_JAN_EARLY } });
    // A deleted order keeps its row: what it bought still reads "Auto-bought".
    await ctx.db.update(autoBuyOrders).set({ deletedAt: ON_13_JAN }).where(eq(autoBuyOrders.id, order!.id));
    const buyerAgent = await signIn(ctx.server, buyer.username);

    const pipeline = (await buyerAgent.get("/api/my-purchased-leads")).body as PurchasedLead[];
    expect(Object.fromEntries(pipeline.map((p) => [p.lead.customerName, p.autoBought]))).toEqual({ "Otto Ordered": true, "Max Manual": false });

    const csv = (await buyerAgent.get("/api/my-purchased-leads/export.csv")).text;
    const header = csv
      .replace(/^\uFEFF/, "")
      .split("\r\n")[0]!
      .split(",");
    // Appended after every earlier column, so older sheets keep theirs in place.
    expect(header.slice(-4)).toEqual(["Quoted", "Invoiced", "Paid (recorded)", "Auto-bought"]);
    expect(Object.fromEntries(rowsOf(csv).map((r) => [r["Customer Name"], r["Auto-bought"]]))).toEqual({ "Otto Ordered": "yes", "Max Manual": "no" });
  });
});
