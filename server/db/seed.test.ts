import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { auctionPriceAt } from "../../shared/pricing";
import { invoices, jobLinks, leadPurchases, leads, quotes, users } from "../../shared/schema";
import { verifyPassword } from "../auth/password";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { jobTokenHash } from "../jobs/job-token";
import { DEMO_JOB_TOKENS, DEMO_PASSWORD } from "./demo-data";
import { demoLoginLines, isEmpty, seedDemo } from "./seed";
import { hasTaxInvoice } from "../../shared/lead-invoices";

let database: TestDatabase;
const now = new Date();
beforeAll(async () => {
  database = await createTestDatabase({ suburbs: true });
  await seedDemo(database.db, now);
});
afterAll(() => database.destroy());

describe("demo data", () => {
  it("has a super admin, two providers and a team member under the first provider", async () => {
    const rows = await database.db.select().from(users);
    const byName = Object.fromEntries(rows.map((u) => [u.username, u]));
    expect(byName.superadmin?.userType).toBe("super_admin");
    expect(byName.dave?.userType).toBe("provider");
    expect(byName.priya?.userType).toBe("provider");
    expect(byName.tom).toMatchObject({ userType: "team_member", teamOwnerId: byName.dave?.id });
    expect(await verifyPassword(DEMO_PASSWORD, byName.dave!.password)).toBe(true);
    expect(await isEmpty(database.db)).toBe(false);
  });

  it("has about 20 leads: fresh, half-price and free ones on the market, others sold at different stages", async () => {
    const all = await database.db.select().from(leads);
    expect(all.length).toBeGreaterThanOrEqual(18);
    const available = all.filter((l) => l.status === "available");
    const prices = available.map((l) => auctionPriceAt(l.startingPrice, l.auctionStartedAt, now));
    expect(prices.some((p) => p.isFree)).toBe(true);
    expect(prices.some((p) => p.secondsLeft > 3000)).toBe(true);
    expect(prices.some((p) => p.secondsLeft > 1500 && p.secondsLeft < 2100)).toBe(true);
    const stages = new Set((await database.db.select().from(leadPurchases)).map((p) => p.salesStage));
    expect(stages.size).toBeGreaterThanOrEqual(4);
  });

  it("resolves every demo lead's suburb", async () => {
    const unresolved = await database.db.select().from(leads).where(eq(leads.suburb, ""));
    expect(unresolved).toEqual([]);
    const all = await database.db.select().from(leads);
    expect(all.filter((l) => !l.suburbId).map((l) => l.serviceLocation)).toEqual([]);
  });

  it("gives every demo lead its customer's job link, and start-up prints the pages of one Dave bought and one on the market", async () => {
    const perLead = await database.db.select({ leadId: jobLinks.leadId, n: count() }).from(jobLinks).groupBy(jobLinks.leadId);
    expect(perLead).toHaveLength((await database.db.select().from(leads)).length);
    expect(perLead.every((row) => row.n === 1)).toBe(true);
    const leadOf = async (token: string) =>
      (
        await database.db
          .select({ lead: leads })
          .from(jobLinks)
          .innerJoin(leads, eq(leads.id, jobLinks.leadId))
          .where(eq(jobLinks.tokenHash, jobTokenHash(token)))
      )[0]?.lead;
    const sold = await leadOf(DEMO_JOB_TOKENS.sold);
    expect(sold?.status).toBe("sold");
    const [sale] = await database.db
      .select({ buyer: users.username, stage: leadPurchases.salesStage })
      .from(leadPurchases)
      .innerJoin(users, eq(users.id, leadPurchases.buyerId))
      .where(eq(leadPurchases.leadId, sold!.id));
    expect(sale).toEqual({ buyer: "dave", stage: "quote_sent" });
    expect((await leadOf(DEMO_JOB_TOKENS.onSale))?.status).toBe("available");
    // Every demo purchase was paid for, so each has our tax invoice to download (docs/decisions/053-tax-documents-pdf.md).
    const purchases = await database.db.select().from(leadPurchases);
    expect(purchases.length).toBeGreaterThan(0);
    expect(purchases.filter((p) => !hasTaxInvoice(p)).map((p) => p.id)).toEqual([]);
    const lines = demoLoginLines("http://localhost:5000").join("\n");
    expect(lines).toContain(`Customer's job page: http://localhost:5000/job/${DEMO_JOB_TOKENS.sold}`);
    expect(lines).toContain(`Customer's job page: http://localhost:5000/job/${DEMO_JOB_TOKENS.onSale}`);
    expect(lines).toContain("Tax invoices for bought leads: sign in as dave, Dashboard > Purchase History");
    expect(lines).toContain(`Customer's job page: http://localhost:5000/job/${DEMO_JOB_TOKENS.invoiced}`);
    // The quoted job's quote waits for its customer; the booked one has a part-paid tax invoice (docs/decisions/051).
    const quoted = await database.db.select().from(quotes).where(eq(quotes.status, "sent"));
    expect(quoted.map((q) => [q.number, q.total])).toEqual([["Q-000002", "374.00"]]);
    const [invoice] = await database.db.select().from(invoices);
    expect(invoice).toMatchObject({ number: "SPK-000001", title: "Tax invoice", status: "part_paid", total: "726.00" });
    expect((await leadOf(DEMO_JOB_TOKENS.invoiced))?.status).toBe("sold");
  });
});
