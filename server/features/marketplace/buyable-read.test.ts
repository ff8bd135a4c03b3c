// The sale's first read, asked for by many purchases in one turn and answered by one statement
// (docs/decisions/122-a-sale-read-together.md): each purchase gets its own lead and its own
// buyer's side of it, never a neighbour's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadExclusions, leadPurchases, reviews } from "../../../shared/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { createLead, createPurchase, createUser } from "../../setup/factories";
import { findBuyableLead } from "./repo";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database.destroy());

describe("the sale's read, asked together", () => {
  it("when purchases by different buyers of different leads are asked in one turn, then each gets its own lead, exclusion, contacts, account and standing", async () => {
    const { db } = database;
    const ana = await createUser(db, { firstName: "Ana", companyName: "Ana's Sparks", phone: "0412 000 111" });
    const ben = await createUser(db, { firstName: "Ben", companyName: "Ben O'Brien-Smith Electrical", phone: "0413 000 222" });
    const benMate = await createUser(db, { userType: "team_member", teamOwnerId: ben.id, phone: "0414 000 333" });
    const open = await createLead(db, { electricalWork: "Two new power points" });
    const keptFromAna = await createLead(db);
    const anasOwnCustomer = await createLead(db, { customerPhone: "0412 000 111" });
    const keptFromBensSide = await createLead(db);
    const archived = await createLead(db, { isArchived: true });
    await db.insert(leadExclusions).values({ leadId: keptFromAna.id, userId: ana.id, reason: "missed_promise" });
    await db.insert(leadExclusions).values({ leadId: keptFromBensSide.id, userId: ben.id, reason: "missed_promise" });
    // A review of Ben's, so the two buyers' standings differ.
    const purchase = await createPurchase(db, ben.id);
    await db.insert(reviews).values({
      purchaseId: purchase.id,
      leadId: purchase.leadId,
      providerId: ben.id,
      rating: 4,
      text: "Tidy work, on time.",
      customerFirstName: "Sam",
      editableUntil: new Date(),
    });

    const asAna = { sideId: ana.id, buyerId: ana.id };
    const asBen = { sideId: ben.id, buyerId: ben.id };
    const asBenMate = { sideId: ben.id, buyerId: benMate.id };
    const [nothing, anaOpen, benOpen, anaKept, benKept, anaOwn, mateOpen, mateKept, anaArchived] = await Promise.all([
      // Questions with no row first: each answer must still be its own question's.
      findBuyableLead(db, 2_000_000_000, asBen),
      findBuyableLead(db, open.id, asAna),
      findBuyableLead(db, open.id, asBen),
      findBuyableLead(db, keptFromAna.id, asAna),
      findBuyableLead(db, keptFromAna.id, asBen),
      findBuyableLead(db, anasOwnCustomer.id, asAna),
      findBuyableLead(db, open.id, asBenMate),
      findBuyableLead(db, keptFromBensSide.id, asBenMate),
      findBuyableLead(db, archived.id, asAna),
    ]);

    expect(anaOpen?.lead.id).toBe(open.id);
    expect(anaOpen?.lead.electricalWork).toBe("Two new power points");
    expect(anaOpen?.excluded).toBe(false);
    expect(anaOpen?.buyerAccount?.companyName).toBe("Ana's Sparks");
    expect(benOpen?.buyerAccount?.companyName).toBe("Ben O'Brien-Smith Electrical");
    expect(anaOpen?.buyerStanding).toMatchObject({ count: 0, sum: 0 });
    expect(benOpen?.buyerStanding).toMatchObject({ count: 1, sum: 4 });

    expect(anaKept?.excluded).toBe(true);
    expect(benKept?.excluded).toBe(false);

    expect(anaOwn?.lead.id).toBe(anasOwnCustomer.id);
    expect(anaOwn?.sideContacts).toContain("0412 000 111");
    expect(anaOpen?.sideContacts).not.toContain("0413 000 222");
    // A team member buys for the owner's side: the side's contacts are the team's, the account theirs.
    expect(mateOpen?.sideContacts).toEqual(expect.arrayContaining(["0413 000 222", "0414 000 333"]));
    expect(mateOpen?.buyerAccount?.firstName).toBe(benMate.firstName);
    expect(mateOpen?.buyerStanding).toMatchObject({ count: 0, sum: 0 });
    expect(mateKept?.excluded).toBe(true);

    expect(anaArchived).toBeUndefined();
    expect(nothing).toBeUndefined();
    expect(await db.$count(leadPurchases)).toBe(1);
  }, 30_000);
});
