// The demo's auto-buy orders (docs/decisions/065-auto-buy-screens.md): Dave's active order, and an
// earlier one he deleted, whose purchase still reads "Auto-bought"; and his caps for the whole
// business (docs/decisions/083-auto-buy-says-what-it-buys.md). Rows as the orders' API makes
// them; in demo mode (no Stripe keys) an order needs no card.
import { and, eq } from "drizzle-orm";
import { autoBuyBusinessCaps, autoBuyOrders, dashboardNotices, leadPurchases, leads } from "../../shared/schema";
import { resolveSuburb } from "../core/suburbs";
import type { Db } from "../platform/db/client";
import { DEMO_AUTO_BUY } from "./demo-data";

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

export async function seedDemoAutoBuy(db: Db, { daveId, now }: { daveId: number; now: Date }) {
  const { active, deleted, business } = DEMO_AUTO_BUY;
  await db.insert(autoBuyBusinessCaps).values({ ownerId: daveId, ...business });
  // Around Parramatta's suburb when the suburbs are loaded (`npm start`); else around Dave's base, which is Parramatta too.
  const parramatta = await resolveSuburb(db, active.suburb);
  await db.insert(autoBuyOrders).values({
    ownerId: daveId,
    radiusKm: active.radiusKm,
    suburbId: parramatta?.id ?? null,
    serviceTypes: [...active.serviceTypes],
    maxPrice: active.maxPrice,
    maxPerDay: active.maxPerDay,
    maxPerWeek: active.maxPerWeek,
    createdAt: daysBefore(now, active.daysAgo),
    updatedAt: daysBefore(now, active.daysAgo),
  });
  const [earlier] = await db
    .insert(autoBuyOrders)
    .values({
      ownerId: daveId,
      radiusKm: deleted.radiusKm,
      serviceTypes: [...deleted.serviceTypes],
      urgencies: [...deleted.urgencies],
      maxPrice: deleted.maxPrice,
      maxPerDay: deleted.maxPerDay,
      maxPerWeek: deleted.maxPerWeek,
      createdAt: daysBefore(now, deleted.daysAgo),
      updatedAt: daysBefore(now, deleted.deletedDaysAgo),
      deletedAt: daysBefore(now, deleted.deletedDaysAgo),
    })
    .returning({ id: autoBuyOrders.id });
  const [bought] = await db
    .select({ id: leadPurchases.id })
    .from(leadPurchases)
    .innerJoin(leads, eq(leads.id, leadPurchases.leadId))
    .where(and(eq(leadPurchases.buyerId, daveId), eq(leads.customerName, DEMO_AUTO_BUY.autoBoughtCustomer)));
  await db.update(leadPurchases).set({ autoBuyOrderId: earlier!.id }).where(eq(leadPurchases.id, bought!.id));
  // Its notice, as every auto-buy leaves one on the owner's dashboard until dismissed (docs/decisions/081-notices-on-the-dashboard.md).
  await db.insert(dashboardNotices).values({
    userId: daveId,
    event: `auto-buy.bought:${bought!.id}`,
    title: `Auto-bought: ${DEMO_AUTO_BUY.autoBoughtCustomer}'s job`,
    body: "Your earlier auto-buy order bought this job. It is in your pipeline: call the customer now.",
    createdAt: daysBefore(now, 1),
  });
}
