// The lead's one statement, built once for each shape and run with each quote's values
// (server/features/leads/repo.ts insertLead, docs/decisions/048-intake-cost.md).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { alertOutbox, jobLinks, leads, marketEvents } from "../../../shared/schema";
import { leadAlertsOf } from "../../core/alerts";
import { leadAddedEventOf } from "../../platform/events";
import { jobLinkWithLead } from "../../core/job-links";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { createPurchase, createUser } from "../../setup/factories";
import { insertLead, recentCompletedSaleAmounts } from "./repo";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const quote = (n: number) => ({
  jobReference: `AE-90000${n}E`,
  customerName: `Customer ${n}`,
  customerPhone: `041200000${n}`,
  serviceLocation: "Sydney NSW 2000",
  electricalWork: `Job ${n}`,
  startingPrice: `${40 + n}.00`,
  createdAt: new Date(`2026-11-2${n}T01:00:00.000Z`),
});

async function insertWithParts(lead: ReturnType<typeof quote> & { customerEmail?: string | null }) {
  const link = jobLinkWithLead();
  const row = await insertLead(database.db, lead, [link.row, { row: leadAlertsOf }], { row: leadAddedEventOf, wake: () => null });
  return row && { ...row, link };
}

it("when leads of the same shape and of another shape are inserted, then each keeps its own values, parts and defaults", async () => {
  const first = await insertWithParts(quote(1));
  const second = await insertWithParts(quote(2));
  const third = await insertWithParts({ ...quote(3), customerEmail: "three@example.com" });
  const fourth = await insertWithParts({ ...quote(4), customerEmail: undefined });

  for (const [taken, n, email] of [
    [first, 1, null],
    [second, 2, null],
    [third, 3, "three@example.com"],
    [fourth, 4, null],
  ] as const) {
    const written = taken!;
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, written.id));
    expect(lead).toMatchObject({
      jobReference: `AE-90000${n}E`,
      customerName: `Customer ${n}`,
      startingPrice: `${40 + n}.00`,
      customerEmail: email,
      status: "available",
    });
    expect(lead!.createdAt.toISOString()).toBe(`2026-11-2${n}T01:00:00.000Z`);
    const [link] = await database.db.select().from(jobLinks).where(eq(jobLinks.leadId, written.id));
    expect(link!.createdAt.toISOString()).toBe(`2026-11-2${n}T01:00:00.000Z`);
    expect(written.link.url).toContain("/");
    const [outbox] = await database.db.select().from(alertOutbox).where(eq(alertOutbox.leadId, written.id));
    expect(outbox!.createdAt.toISOString()).toBe(`2026-11-2${n}T01:00:00.000Z`);
    const [event] = await database.db.select().from(marketEvents).where(eq(marketEvents.id, written.eventId!));
    expect(event).toMatchObject({ type: "lead.added", leadId: written.id });
    // A number, as the NOTIFY's payload is read: the bus matches the two (server/platform/events/postgres-bus.ts).
    expect(written.eventId).toBe(event!.id);
  }
  const hashes = await database.db.select({ tokenHash: jobLinks.tokenHash }).from(jobLinks);
  expect(new Set(hashes.map((h) => h.tokenHash)).size).toBe(4);
});

it("when a lead's job reference is already taken, then nothing is written and no error is raised (the next reference is drawn by the caller)", async () => {
  const before = await database.db.select({ id: leads.id }).from(leads);
  expect(await insertWithParts({ ...quote(5), jobReference: "AE-900001E" })).toBeNull();
  expect(await database.db.select({ id: leads.id }).from(leads)).toHaveLength(before.length);
  expect(await database.db.select().from(alertOutbox)).toHaveLength(before.length);
  expect(await database.db.select().from(jobLinks)).toHaveLength(before.length);
});

it("when quotes ask for the last sales in one turn, then one read answers each with as many as it asked for, newest first, paid sales only", async () => {
  const buyer = await createUser(database.db);
  const at = (minute: number) => new Date(`2026-11-28T02:${String(minute).padStart(2, "0")}:00.000Z`);
  for (const [minute, amount, status] of [
    [1, "41.00", "completed"],
    [2, "52.00", "completed"],
    [3, "0.00", "completed"],
    [4, "63.00", "refunded"],
    [5, "74.00", "completed"],
  ] as const) {
    await createPurchase(database.db, buyer.id, { purchase: { amountPaid: amount, purchasedAt: at(minute), paymentStatus: status } });
  }
  const [two, five, one] = await Promise.all([
    recentCompletedSaleAmounts(database.db, 2),
    recentCompletedSaleAmounts(database.db),
    recentCompletedSaleAmounts(database.db, 1),
  ]);
  expect(two).toEqual(["74.00", "52.00"]);
  expect(five).toEqual(["74.00", "52.00", "41.00"]);
  expect(one).toEqual(["74.00"]);
});
