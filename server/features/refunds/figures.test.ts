// What reads the refund rows (docs/decisions/049-missed-promises-and-refunds.md, "One way to
// refund"), on either database: the Purchase History, the CSV export and the operator's figures
// take a refund's amount, reason and time from its purchase_refunds row. The purchases here carry
// a stale copy in lead_purchases on purpose: what the answers show can only come from the rows.
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { historyTotals } from "../../../shared/history-totals";
import type { PurchasedLead } from "../../../shared/pipeline";
import { purchaseRefunds, type LeadPurchase, type User } from "../../../shared/schema";
import { createPurchase, createUser } from "../../setup/factories";
import { csvRowsOf } from "../../test/csv-rows";
import { signIn, useOperatorApp } from "../../test/sign-in";
import { HOUR } from "./test/refunds";

// 12:00 on 26 November 2026 in Sydney (UTC+11).
const NOW = new Date("2026-11-26T01:00:00Z");
const DAY = 24 * HOUR;
const ctx = useOperatorApp({ now: () => NOW, startAlertWorker: false });
let owner: User;
let agent: request.Agent;
const purchases: Record<string, LeadPurchase> = {};

beforeAll(async () => {
  owner = await createUser(ctx.db);
  agent = await signIn(ctx.server, owner.username);
  const buy = (customerName: string, amountPaid: string, daysAgo: number) =>
    createPurchase(ctx.db, owner.id, { lead: { customerName }, purchase: { amountPaid, purchasedAt: new Date(NOW.getTime() - daysAgo * DAY) } });
  purchases.kept = await buy("Kim Kept", "30.00", 3);
  purchases.unreachable = await buy("Uma Unreachable", "40.00", 5);
  purchases.badLead = await buy("Bo Bad", "25.00", 40);
  const refunded = async (p: LeadPurchase, reason: "bad_lead" | "unreachable", amount: string, daysAgo: number) =>
    ctx.db.insert(purchaseRefunds).values({ purchaseId: p.id, reason, amount, reference: "credit:test", createdAt: new Date(NOW.getTime() - daysAgo * DAY) });
  // The rows; the purchases' own status and copy are left as they were (paid, no refund amount).
  await refunded(purchases.unreachable!, "unreachable", "40.00", 2);
  await refunded(purchases.badLead!, "bad_lead", "25.00", 35);
});

describe("the Purchase History and the export read the refund rows", () => {
  it("when purchases were refunded, then each carries its row's amount, reason and time, and the totals leave them out", async () => {
    const rows = (await agent.get("/api/my-purchased-leads")).body as PurchasedLead[];
    const byName = (name: string) => rows.find((p) => p.lead.customerName === name)!;
    expect(byName("Uma Unreachable").refund).toEqual({ amount: "40.00", reason: "unreachable", at: new Date(NOW.getTime() - 2 * DAY).toISOString() });
    expect(byName("Bo Bad").refund).toEqual({ amount: "25.00", reason: "bad_lead", at: new Date(NOW.getTime() - 35 * DAY).toISOString() });
    expect(byName("Kim Kept").refund).toBeNull();
    expect(historyTotals(rows)).toEqual({ paid: "30.00", refunded: "65.00", refundCount: 2, customerPayments: "0.00" });
  });

  it("when exported, then the refund's amount, reason in words and Sydney time follow the contact columns; a kept purchase leaves them empty", async () => {
    const res = await agent.get("/api/my-purchased-leads/export.csv");
    expect(res.status).toBe(200);
    const rows = csvRowsOf(res.text);
    const byName = (name: string) => rows.find((r) => r["Customer Name"] === name)!;
    expect(byName("Uma Unreachable")).toMatchObject({ "Refund Amount": "40.00", "Refund Reason": "Customer unreachable", "Refunded At": "2026-11-24 12:00" });
    expect(byName("Bo Bad")).toMatchObject({ "Refund Amount": "25.00", "Refund Reason": "Bad lead", "Refunded At": "2026-10-22 12:00" });
    expect(byName("Kim Kept")).toMatchObject({ "Refund Amount": "", "Refund Reason": "", "Refunded At": "" });
    // Columns are only ever added at the end (server/features/pipeline/csv.ts): the refund's came after the contact's.
    const columns = Object.keys(rows[0]!);
    const after = columns.indexOf("Contact Attempts") + 1;
    expect(columns.slice(after, after + 3)).toEqual(["Refund Amount", "Refund Reason", "Refunded At"]);
  });
});

describe("the operator's figures read the refund rows", () => {
  it("when refunds exist, then they are counted per reason, all time and over 30 days, and their purchases are not revenue", async () => {
    const res = await request(ctx.server).get("/api/admin/analytics").set("Authorization", ctx.auth);
    expect(res.status).toBe(200);
    expect(res.body.refunds).toEqual({
      count: 2,
      amount: "65.00",
      last30Days: { count: 1, amount: "40.00" },
      byReason: {
        unreachable: { count: 1, amount: "40.00", last30Days: { count: 1, amount: "40.00" } },
        bad_lead: { count: 1, amount: "25.00", last30Days: { count: 0, amount: "0.00" } },
      },
    });
    // Only the kept purchase is a sale, though the other two still say "completed".
    expect(res.body).toMatchObject({ totalPurchases: 1, totalRevenue: "30.00" });
  });
});
