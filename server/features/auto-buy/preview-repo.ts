// The preview's past leads (docs/decisions/063-auto-buy-orders.md, "The preview"): market leads
// (not a provider's own jobs) whose auction started in the window, in a box around the order's
// area, with their live sale if any. The exact distance and the filters are decided in
// orders-area.ts, as for a lead on sale. And the leads on sale now in that box, for what saving
// an order would buy at once (docs/decisions/083-auto-buy-says-what-it-buys.md).
import { and, eq, gte, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { boundingBox } from "../../../shared/geo";
import { leadPurchases, leads, type Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { onTheMarket } from "../../core/listing";
import type { OrderArea, OrderFilters } from "./orders-area";

/** The box around the area and the filters the database can apply; the exact distance is orders-area.ts's. */
function roughly(area: OrderArea, filters: OrderFilters) {
  const box = boundingBox(area.centre, area.radiusKm);
  return and(
    sql`${leads.latitude} between ${String(box.minLatitude)}::numeric and ${String(box.maxLatitude)}::numeric`,
    sql`${leads.longitude} between ${String(box.minLongitude)}::numeric and ${String(box.maxLongitude)}::numeric`,
    filters.serviceTypes.length ? inArray(leads.serviceType, filters.serviceTypes) : undefined,
    filters.propertyTypes.length ? inArray(leads.propertyType, filters.propertyTypes) : undefined,
    filters.urgencies.length ? inArray(leads.urgency, filters.urgencies) : undefined,
    gte(leads.leadScore, filters.minLeadScore),
  );
}

/** Leads on the market now (as the market and the engine say) in a box around the area. */
export function marketLeadsNow(db: Db, area: OrderArea, filters: OrderFilters): Promise<Lead[]> {
  return db
    .select()
    .from(leads)
    .where(and(onTheMarket, roughly(area, filters)));
}

export async function pastMarketLeads(db: Db, area: OrderArea, filters: OrderFilters, window: { from: Date; to: Date }) {
  return db
    .select({
      id: leads.id,
      startingPrice: leads.startingPrice,
      auctionStartedAt: leads.auctionStartedAt,
      serviceType: leads.serviceType,
      propertyType: leads.propertyType,
      urgency: leads.urgency,
      leadScore: leads.leadScore,
      phoneVerifiedAt: leads.phoneVerifiedAt,
      latitude: leads.latitude,
      longitude: leads.longitude,
      soldAt: leadPurchases.purchasedAt,
      soldPrice: sql<string | null>`coalesce(${leadPurchases.originalPrice}, ${leadPurchases.amountPaid})`,
    })
    .from(leads)
    .leftJoin(leadPurchases, and(eq(leadPurchases.leadId, leads.id), isNull(leadPurchases.releasedAt)))
    .where(
      and(
        ne(leads.source, "provider_manual"),
        eq(leads.isArchived, false),
        gte(leads.auctionStartedAt, window.from),
        lte(leads.auctionStartedAt, window.to),
        roughly(area, filters),
      ),
    );
}
