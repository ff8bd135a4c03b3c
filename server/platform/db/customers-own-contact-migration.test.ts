// The data half of migrations/0027_customers-own-contact.sql (docs/decisions/073-the-customers-own-
// contact.md), on either database: a lead that buyers edited before the working copy existed gets
// back what its customer typed (each field's value before its first recorded edit), and its live
// buyer keeps their edits as their copy; a provider's own job is theirs and stays as it is.
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { jobDetails, leads, purchaseChanges, type Lead } from "../../../shared/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { createLead, createPurchase, createUser } from "../../setup/factories";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** The migration's statements after the table and its key: the repair of rows written before it. */
const repair = readFileSync(new URL("../../../migrations/0027_customers-own-contact.sql", import.meta.url), "utf8")
  .split("--> statement-breakpoint")
  .slice(2);

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 0, minutes));

it("when leads were edited by buyers before, then each gets its customer's values back and the live buyer keeps theirs as a copy", async () => {
  const db = database.db;
  const first = await createUser(db);
  const second = await createUser(db);
  // Edited by a first buyer, unpurchased, bought and edited again by a second: as the old code left it.
  const lead = await createLead(db, {
    status: "sold",
    customerName: "Mallory Two",
    customerPhone: "0499000002",
    customerEmail: null,
    electricalWork: "Second's words",
  });
  const released = await createPurchase(db, first.id, { purchase: { leadId: lead.id, releasedAt: at(30), releaseReason: "unpurchased" } });
  const live = await createPurchase(db, second.id, { purchase: { leadId: lead.id } });
  await db.insert(purchaseChanges).values([
    { purchaseId: released.id, field: "customerName", oldValue: "Jane Citizen", newValue: "Mallory One", createdAt: at(10) },
    { purchaseId: released.id, field: "customerPhone", oldValue: "0412345678", newValue: "0499000001", createdAt: at(10) },
    { purchaseId: released.id, field: "customerEmail", oldValue: "jane@example.com", newValue: null, createdAt: at(10) },
    { purchaseId: live.id, field: "customerName", oldValue: "Mallory One", newValue: "Mallory Two", createdAt: at(40) },
    { purchaseId: live.id, field: "customerPhone", oldValue: "0499000001", newValue: "0499000002", createdAt: at(40) },
    { purchaseId: live.id, field: "electricalWork", oldValue: "Jane's words", newValue: "Second's words", createdAt: at(40) },
    { purchaseId: live.id, field: "salesNotes", oldValue: null, newValue: "called", createdAt: at(41) },
  ]);
  // Never edited; and a provider's own job its provider edited.
  const untouched = await createLead(db, { status: "sold" });
  const own = await createLead(db, { status: "sold", source: "provider_manual", customerName: "Own Edited" });
  const ownSale = await createPurchase(db, first.id, { purchase: { leadId: own.id } });
  await db.insert(purchaseChanges).values({ purchaseId: ownSale.id, field: "customerName", oldValue: "Own Typed", newValue: "Own Edited", createdAt: at(5) });

  for (const statement of repair) await db.execute(sql.raw(statement));

  const row = async (id: number): Promise<Lead> => (await db.select().from(leads).where(eq(leads.id, id)))[0]!;
  expect(await row(lead.id)).toMatchObject({
    customerName: "Jane Citizen",
    customerPhone: "0412345678",
    customerEmail: "jane@example.com",
    electricalWork: "Jane's words",
  });
  const copies = (await db.select().from(jobDetails)).sort((a, b) => a.purchaseId - b.purchaseId);
  expect(copies).toEqual([
    expect.objectContaining({
      purchaseId: live.id,
      customerName: "Mallory Two",
      customerPhone: "0499000002",
      customerEmail: null,
      electricalWork: "Second's words",
    }),
    expect.objectContaining({ purchaseId: ownSale.id, customerName: "Own Edited" }),
  ]);
  expect(await row(untouched.id)).toEqual(untouched);
  expect((await row(own.id)).customerName).toBe("Own Edited");
});
