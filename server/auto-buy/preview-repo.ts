// The preview's past leads (docs/decisions/063-auto-buy-orders.md, "The preview"): market leads
// (not a provider's own jobs) whose auction started in the window, in a box around the order's
// area, with their live sale if any. The exact distance and the filters are decided in
// orders-area.ts, as for a lead on sale.
import { and, eq, gte, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { boundingBox } from "../../shared/geo";
import { leadPurchases, leads } from "../../shared/schema";
import type { Db } from "../db/client";
import type { OrderArea, OrderFilters } from "./orders-area";

export async function pastMarketLeads(db: Db, area: OrderArea, filters: OrderFilters, window: { from: Date; to: Date }) {
  const box = boundingBox(area.centre, area.radiusKm);
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
        sql`${leads.latitude} between ${String(box.minLatitude)}::numeric and ${String(box.maxLatitude)}::numeric`,
        sql`${leads.longitude} between ${String(box.minLongitude)}::numeric and ${String(box.maxLongitude)}::numeric`,
        filters.serviceTypes.length ? inArray(leads.serviceType, filters.serviceTypes) : undefined,
        filters.propertyTypes.length ? inArray(leads.propertyType, filters.propertyTypes) : undefined,
        filters.urgencies.length ? inArray(leads.urgency, filters.urgencies) : undefined,
        gte(leads.leadScore, filters.minLeadScore),
      ),
    );
}
