// Test data for issue 7 (operator admin): purchases, callbacks, reports and an admin token.
// Rows go straight into the database, like server/test/factories.ts.
import request from "supertest";
import type { Express } from "express";
import { badLeadReports, discountCodes, leadPurchases, providerCallbacks, type LeadPurchase, type NewLead } from "../../shared/schema";
import type { Db } from "../db/client";
import { createLead } from "./factories";

export const TEST_ADMIN = { ADMIN_USERNAME: "operator", ADMIN_PASSWORD: "op-secret-1" };

/** Signs the operator admin in; returns the `Authorization` header value. */
export async function adminAuth(app: Express, credentials: { username: string; password: string } = { username: TEST_ADMIN.ADMIN_USERNAME, password: TEST_ADMIN.ADMIN_PASSWORD }) {
  const res = await request(app).post("/api/admin/login").send(credentials);
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return `Bearer ${res.body.token as string}`;
}

let seq = 0;

/** A sold lead and its live purchase by `buyerId`. */
export async function createPurchase(
  db: Db,
  buyerId: number,
  options: { lead?: Partial<NewLead>; purchase?: Partial<typeof leadPurchases.$inferInsert> } = {},
): Promise<LeadPurchase> {
  const lead = await createLead(db, { status: "sold", ...options.lead });
  const [row] = await db
    .insert(leadPurchases)
    .values({
      leadId: lead.id,
      buyerId,
      buyerName: "Test Buyer",
      amountPaid: "40.00",
      originalPrice: "40.00",
      paymentStatus: "completed",
      ...options.purchase,
    })
    .returning();
  return row!;
}

export async function createCallback(db: Db, overrides: Partial<typeof providerCallbacks.$inferInsert> = {}) {
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
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createReport(db: Db, purchase: LeadPurchase, overrides: Partial<typeof badLeadReports.$inferInsert> = {}) {
  const [row] = await db
    .insert(badLeadReports)
    .values({ purchaseId: purchase.id, reporterId: purchase.buyerId, reason: "wrong_number", ...overrides })
    .returning();
  return row!;
}

export async function createDiscountCodeRow(db: Db, overrides: Partial<typeof discountCodes.$inferInsert> = {}) {
  const [row] = await db
    .insert(discountCodes)
    .values({ code: `CODE${++seq}${Date.now().toString(36)}`.toUpperCase(), discountType: "percentage", discountValue: "10.00", ...overrides })
    .returning();
  return row!;
}
