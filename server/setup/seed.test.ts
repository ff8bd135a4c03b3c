import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, isNotNull } from "drizzle-orm";
import { momentPriceReaches } from "../../shared/auto-buy";
import { toCoordinates, withinRadius } from "../../shared/geo";
import { toCents } from "../../shared/pricing";
import { auctionPriceAt } from "../../shared/pricing";
import {
  autoBuyOrders,
  invoices,
  jobLinks,
  leadPurchases,
  leads,
  paperworkDocuments,
  providerSlugs,
  quotes,
  reviews,
  suburbs,
  users,
} from "../../shared/schema";
import { paperworkSummaries } from "../core/paperwork";
import { verifyPassword } from "../platform/access/password";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { jobTokenHash } from "../core/job-links";
import { DEMO_AUTO_BUY, DEMO_JOB_TOKENS, DEMO_PASSWORD, DEMO_REVIEW } from "./demo-data";
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
  it("has Karen's tested NSW switchboard job with its CCEW due soon, as the start-up lines say (docs/decisions/105-paperwork-on-the-card.md)", async () => {
    const docs = await database.db.select().from(paperworkDocuments);
    expect(docs.map((d) => [d.document, d.status])).toEqual([["nsw_ccew", "open"]]);
    const summary = (await paperworkSummaries(database.db, [docs[0]!.purchaseId], now)).get(docs[0]!.purchaseId);
    expect(summary?.next?.clock).toBe("due_in_2_days");
    expect(demoLoginLines("http://localhost:5000").some((l) => l.startsWith("Paperwork:"))).toBe(true);
  });

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
    // The price tape's past market (docs/decisions/066-price-tape.md) is history, not customers' requests: no job pages.
    const requests = (await database.db.select().from(leads)).filter((l) => !l.jobReference.startsWith("PAST-"));
    expect(requests.length).toBeGreaterThanOrEqual(18);
    expect(perLead).toHaveLength(requests.length);
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
    // Dave has no Stripe account: without Stripe keys his customers pay online as a demo (docs/decisions/056).
    expect(lines).toContain(`"Pay" online, a demo without Stripe keys`);
    // The quoted job's quote waits for its customer; the booked one has a part-paid tax invoice (docs/decisions/051).
    const quoted = await database.db.select().from(quotes).where(eq(quotes.status, "sent"));
    expect(quoted.map((q) => [q.number, q.total])).toEqual([["Q-000002", "374.00"]]);
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.number, "SPK-000001"));
    expect(invoice).toMatchObject({ number: "SPK-000001", title: "Tax invoice", status: "part_paid", total: "726.00" });
    expect((await leadOf(DEMO_JOB_TOKENS.invoiced))?.status).toBe("sold");
  });

  it("has a paid job reviewed by its customer with Dave's reply, and start-up says where to see it", async () => {
    const [link] = await database.db
      .select()
      .from(jobLinks)
      .where(eq(jobLinks.tokenHash, jobTokenHash(DEMO_JOB_TOKENS.reviewed)));
    const [review] = await database.db.select().from(reviews).where(eq(reviews.leadId, link!.leadId));
    const [dave] = await database.db.select().from(users).where(eq(users.username, "dave"));
    expect(review).toMatchObject({
      providerId: dave!.id,
      rating: 5,
      customerFirstName: "Karen",
      suburb: "Parramatta",
      replyText: DEMO_REVIEW.reply,
      hiddenAt: null,
    });
    const lines = demoLoginLines("http://localhost:5000").join("\n");
    expect(lines).toContain(`http://localhost:5000/job/${DEMO_JOB_TOKENS.reviewed}  (paid, reviewed by the customer, with dave's reply`);
    expect(lines).toContain("http://localhost:5000/reviews-policy");
  });

  it("gives every demo electrician a public profile, and start-up prints the address of Dave's", async () => {
    const slugs = await database.db.select().from(providerSlugs);
    // The tape's past buyers are one inactive account (docs/decisions/066-price-tape.md), never shown.
    const providers = (await database.db.select().from(users).where(eq(users.userType, "provider"))).filter((p) => p.isActive);
    expect(providers.filter((p) => !slugs.some((s) => s.providerId === p.id)).map((p) => p.username)).toEqual([]);
    const dave = providers.find((p) => p.username === "dave")!;
    expect(slugs.find((s) => s.providerId === dave.id)?.slug).toBe("sparkright-electrical-parramatta");
    const lines = demoLoginLines("http://localhost:5000").join("\n");
    expect(lines).toContain("http://localhost:5000/electricians/sparkright-electrical-parramatta");
  });

  it("gives Dave one active auto-buy order that buys nothing at once, its Liverpool lead about 16 minutes on, and one job marked auto-bought", async () => {
    const [dave] = await database.db.select().from(users).where(eq(users.username, "dave"));
    const orders = await database.db.select().from(autoBuyOrders).where(eq(autoBuyOrders.ownerId, dave!.id));
    const live = orders.filter((o) => o.deletedAt === null);
    expect(live).toHaveLength(1);
    const order = live[0]!;
    expect(order).toMatchObject({ radiusKm: 15, maxPrice: "25.00", maxPerDay: 3, maxPerWeek: "200.00", pausedReason: null });
    const [centre] = await database.db.select().from(suburbs).where(eq(suburbs.id, order.suburbId!));
    expect(centre?.name).toBe("Parramatta");

    // What the order matches on the market now: inside its radius, of its service types.
    const onSale = (await database.db.select().from(leads).where(eq(leads.status, "available"))).filter((l) => !l.isArchived);
    const matching = onSale.filter(
      (l) =>
        order.serviceTypes.includes(l.serviceType) &&
        withinRadius(toCoordinates(centre!.latitude, centre!.longitude)!, toCoordinates(l.latitude, l.longitude)!, order.radiusKm!),
    );
    expect(matching.map((l) => l.customerName)).toEqual([DEMO_AUTO_BUY.comingCustomer]);
    // Not at once (the browser journeys of other screens see the demo as it was), but within a visit to the demo.
    const due = momentPriceReaches(matching[0]!, toCents(order.maxPrice))!;
    const minutes = (due.getTime() - now.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(10);
    expect(minutes).toBeLessThan(20);

    const marked = await database.db
      .select({ customerName: leads.customerName, orderId: leadPurchases.autoBuyOrderId })
      .from(leadPurchases)
      .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
      .where(isNotNull(leadPurchases.autoBuyOrderId));
    const deleted = orders.find((o) => o.deletedAt !== null)!;
    expect(marked).toEqual([{ customerName: DEMO_AUTO_BUY.autoBoughtCustomer, orderId: deleted.id }]);
    expect(demoLoginLines("http://localhost:5000").join("\n")).toContain("Dashboard > Auto-buy");
  });
});
