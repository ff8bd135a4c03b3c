// What the engine's tests share: an owner working around Parramatta, leads placed there on a
// falling auction, and orders written straight to the table (the orders API is tested on its own).
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import {
  alertPreferences,
  autoBuyCustomers,
  autoBuyOrders,
  leadPurchases,
  leads,
  outboxMessages,
  pushDevices,
  type NewLead,
  type NewUser,
} from "../../../../shared/schema";
import type { Db } from "../../../platform/db/client";
import { createLead, createUser } from "../../../setup/factories";
import { resolveSuburb } from "../../../core/suburbs";

/** Parramatta's centre from the suburbs table, as a provider's service location (20 km). */
export async function parramattaPlace(db: Db) {
  const suburb = await resolveSuburb(db, "Parramatta NSW 2150");
  if (!suburb?.latitude || !suburb.longitude) throw new Error("the suburbs table has no Parramatta");
  return { id: suburb.id, serviceLocation: "Parramatta NSW 2150", serviceLatitude: suburb.latitude, serviceLongitude: suburb.longitude, serviceRadius: 20 };
}

export async function ownerAt(db: Db, values: Partial<NewUser> = {}) {
  const { id: _suburb, ...place } = await parramattaPlace(db);
  return createUser(db, { ...place, ...values });
}

/**
 * An emergency repair in Parramatta on sale from $40.00, its auction (to $0 over an hour, 66⅔ c
 * a minute) started `minutesIn` minutes before `now`.
 */
export async function leadInParramatta(db: Db, now: Date, minutesIn: number, values: Partial<Omit<NewLead, "jobReference">> = {}) {
  const place = await parramattaPlace(db);
  return createLead(db, {
    latitude: place.serviceLatitude,
    longitude: place.serviceLongitude,
    serviceType: "repair",
    propertyType: "residential",
    urgency: "emergency",
    leadScore: 60,
    phoneVerifiedAt: now,
    auctionStartedAt: new Date(now.getTime() - minutesIn * 60_000),
    createdAt: new Date(now.getTime() - minutesIn * 60_000),
    ...values,
  });
}

/** An order as H1's API would store it, active, in the owner's service area unless told. */
export async function orderFor(db: Db, ownerId: number, values: Partial<typeof autoBuyOrders.$inferInsert> = {}) {
  const [order] = await db
    .insert(autoBuyOrders)
    .values({ ownerId, maxPrice: "30.00", maxPerDay: 5, maxPerWeek: "500.00", ...values })
    .returning();
  return order!;
}

/** The owner's Stripe customer and a saved card on the order (Stripe mode). */
export async function savedCard(db: Db, ownerId: number, orderId: number, paymentMethodId = "pm_card_visa") {
  await db
    .insert(autoBuyCustomers)
    .values({ ownerId, stripeCustomerId: `cus_${ownerId}` })
    .onConflictDoNothing();
  await db.update(autoBuyOrders).set({ paymentMethodId, cardBrand: "visa", cardLast4: "4242" }).where(eq(autoBuyOrders.id, orderId));
}

export async function purchasesOf(db: Db, leadId: number) {
  return db.select().from(leadPurchases).where(eq(leadPurchases.leadId, leadId));
}

export async function autoBoughtBy(db: Db, orderId: number) {
  return db
    .select()
    .from(leadPurchases)
    .where(and(eq(leadPurchases.autoBuyOrderId, orderId), isNotNull(leadPurchases.autoBuyOrderId)));
}

export async function leadStatus(db: Db, leadId: number) {
  const [row] = await db.select({ status: leads.status }).from(leads).where(eq(leads.id, leadId));
  return row?.status;
}

export async function orderRow(db: Db, orderId: number) {
  const [row] = await db.select().from(autoBuyOrders).where(eq(autoBuyOrders.id, orderId));
  return row!;
}

/** The outbox rows queued for this user under events starting with `prefix`. */
export async function noticesTo(db: Db, userId: number, prefix: string) {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(inArray(outboxMessages.recipient, [`user:${userId}`, `user:${userId}:email`]));
  return rows.filter((r) => r.event.startsWith(prefix));
}

/** The owner takes alerts by push (one device) and by e-mail. */
export async function pushAndEmail(db: Db, userId: number) {
  await db.insert(pushDevices).values({ userId, endpoint: `https://push.example/${userId}-${Math.random()}`, p256dh: "k", auth: "a", label: "Pixel 8" });
  await db.insert(alertPreferences).values({ userId, pushEnabled: true, emailEnabled: true }).onConflictDoNothing();
}

/** Between tests: every order deleted and every lead still on sale taken off, so one test's orders never buy another's leads. */
export async function clearMarket(db: Db) {
  await db.update(autoBuyOrders).set({ deletedAt: new Date() }).where(isNull(autoBuyOrders.deletedAt));
  await db.update(leads).set({ isArchived: true }).where(eq(leads.status, "available"));
}
