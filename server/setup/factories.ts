// One set of data factories for the demo seed (./seed.ts) and the tests (docs/runtime.md section 5). Each inserts one valid row: the caller's values over plain defaults,
// so a test names only what it is about, and the seed names every field of its demo rows.
import {
  badLeadReports,
  discountCodes,
  leadPurchases,
  leads,
  providerCallbacks,
  users,
  type LeadPurchase,
  type NewLead,
  type NewUser,
} from "../../shared/schema";
import { hashPassword } from "../platform/access/password";
import { withFreshJobReference } from "../features/leads";
import type { Db } from "../platform/db/client";

/** The password of a factory-made user unless it is given another. */
export const TEST_PASSWORD = "password123";

// Hashing is slow on purpose: one hash of each password serves every user given it.
const hashes = new Map<string, Promise<string>>();
function hashOf(password: string) {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
}

let seq = 0;

/** A valid ABN (the ATO's own example), for tests and factory-made providers. */
export const TEST_ABN = "51824753556";

/**
 * Vetted electricians (docs/decisions/033): a factory-made provider is approved, with a current NSW licence (two years from
 * now), so a test that buys need not know about vetting; a test about vetting says otherwise.
 */
export function vettedLicence(values: Partial<NewUser> = {}): Partial<NewUser> {
  if ((values.userType ?? "provider") !== "provider") return { verificationStatus: "approved" };
  const expiry = new Date(Date.now() + 2 * 365 * 86_400_000).toISOString().slice(0, 10);
  return { verificationStatus: "approved", isVerified: true, licenseNumber: "123456C", licenceState: "NSW", licenceExpiry: expiry, abn: TEST_ABN };
}

/** A user, by default a provider; `password` is the plain password, hashed here. */
export async function createUser(db: Db, { password = TEST_PASSWORD, ...values }: Partial<NewUser> = {}) {
  const n = ++seq;
  const [user] = await db
    .insert(users)
    .values({
      ...vettedLicence(values),
      username: `user${n}_${Date.now()}`,
      email: `user${n}_${Date.now()}@example.com`,
      userType: "provider",
      firstName: "Test",
      lastName: `Sparky${n}`,
      // A number from ACMA's range for fiction: no test's customer has it, so no sale is refused
      // as the buyer's own customer (docs/decisions/058-reviews.md).
      phone: "0491570156",
      companyName: `Sparky ${n} Electrical`,
      ...values,
      password: await hashOf(password),
    })
    .returning();
  return user!;
}

/** A lead, by default on the market since now, under a fresh job reference. */
export async function createLead(db: Db, values: Partial<Omit<NewLead, "jobReference">> = {}) {
  const now = new Date();
  const row = {
    customerName: "Karen Mitchell",
    customerPhone: "0411222333",
    customerEmail: "karen@example.com",
    customerAddress: "14 Church St, Parramatta NSW 2150",
    serviceLocation: "14 Church St, Parramatta NSW 2150",
    electricalWork: "Switchboard upgrade to circuit breakers",
    suburb: "Parramatta",
    state: "NSW",
    postcode: "2150",
    startingPrice: "40.00",
    createdAt: now,
    auctionStartedAt: now,
    ...values,
  };
  // Its own savepoint, so a reference drawn twice can be drawn again inside the seed's transaction.
  const [lead] = await withFreshJobReference((jobReference) =>
    db.transaction((sp) =>
      sp
        .insert(leads)
        .values({ ...row, jobReference })
        .returning(),
    ),
  );
  return lead!;
}

/** A paid purchase by `buyerId` of `purchase.leadId`, or of a new sold lead made from `lead`. */
export async function createPurchase(
  db: Db,
  buyerId: number,
  options: { lead?: Partial<NewLead>; purchase?: Partial<typeof leadPurchases.$inferInsert> } = {},
): Promise<LeadPurchase> {
  const leadId = options.purchase?.leadId ?? (await createLead(db, { status: "sold", ...options.lead })).id;
  const [row] = await db
    .insert(leadPurchases)
    .values({ buyerName: "Test Buyer", amountPaid: "40.00", originalPrice: "40.00", paymentStatus: "completed", ...options.purchase, leadId, buyerId })
    .returning();
  return row!;
}

/** A provider's "call me back" request, pending. */
export async function createCallback(db: Db, values: Partial<typeof providerCallbacks.$inferInsert> = {}) {
  const n = ++seq;
  const [row] = await db
    .insert(providerCallbacks)
    .values({
      firstName: "Jack",
      lastName: `Volt${n}`,
      mobile: "0412 777 888",
      email: `jack.volt${n}.${Date.now()}@example.com`,
      businessName: `Volt ${n} Electrical`,
      serviceArea: "Parramatta NSW",
      ...values,
    })
    .returning();
  return row!;
}

/** The buyer's pending bad-lead report on `purchase`. */
export async function createReport(db: Db, purchase: LeadPurchase, values: Partial<typeof badLeadReports.$inferInsert> = {}) {
  const [row] = await db
    .insert(badLeadReports)
    .values({ purchaseId: purchase.id, reporterId: purchase.buyerId, reason: "wrong_number", ...values })
    .returning();
  return row!;
}

/** An active 10% discount code under a fresh name. */
export async function createDiscountCode(db: Db, values: Partial<typeof discountCodes.$inferInsert> = {}) {
  const [row] = await db
    .insert(discountCodes)
    .values({ code: `CODE${++seq}${Date.now().toString(36)}`.toUpperCase(), discountType: "percentage", discountValue: "10.00", ...values })
    .returning();
  return row!;
}
