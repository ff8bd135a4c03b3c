// Who sees which lead in the local market (docs/product.md section 12 "Matching",
// docs/decisions/023-local-market.md). GET /api/leads answers the same question in SQL
// (repo.ts marketWhere); area.test.ts checks the two agree on random leads.
import type { CurrentUser } from "../../../shared/auth";
import { DEFAULT_SERVICE_RADIUS } from "../../../shared/service-radius";
import { distanceKm, roundedKm, toCoordinates, withinRadius, type Coordinates } from "../../../shared/geo";
import type { MarketScope } from "../../../shared/market-terms";
import { can, type PolicyUser } from "../../../shared/policy";
import type { Lead } from "../../../shared/schema";

/** Whoever looks at the market: the signed-in user, or just a role in unit tests. */
export type MarketViewer = PolicyUser & Partial<Pick<CurrentUser, "serviceLatitude" | "serviceLongitude" | "serviceRadius">>;

export interface ServiceArea {
  centre: Coordinates;
  radiusKm: number;
}

/** The viewer's service area, or null when they have not placed their service location on the map. */
export function serviceAreaOf(viewer: MarketViewer): ServiceArea | null {
  const centre = toCoordinates(viewer.serviceLatitude, viewer.serviceLongitude);
  return centre ? { centre, radiusKm: viewer.serviceRadius ?? DEFAULT_SERVICE_RADIUS } : null;
}

/**
 * The market a request shows. Without a service area there is nothing to match against, so
 * all of Australia; otherwise what was asked, by default the area (the super admin's default
 * is all of Australia: they may ask for their area).
 */
export function marketScope(viewer: MarketViewer, asked: MarketScope | undefined): MarketScope {
  if (!serviceAreaOf(viewer)) return "all";
  return asked ?? (can(viewer, "startMarketOnAllAustralia") ? "all" : "area");
}

/** A provider who sees all of Australia only because they have no area is asked to set one. */
export const needsServiceArea = (viewer: MarketViewer) => !serviceAreaOf(viewer) && !can(viewer, "startMarketOnAllAustralia");

/**
 * Whether a lead, while on sale, is in this viewer's market for the scope they asked for
 * (undefined: their default, as GET /api/leads without `scope`). Whether it is on sale now
 * (status, archive) is left to the caller, so the same answer says who gets `lead.added` and
 * who may still have a sold or archived lead on screen for `lead.removed`. Private jobs
 * (a provider's own manual leads) are never on anyone's market.
 */
export function viewerSeesLead(viewer: MarketViewer, scope: MarketScope | undefined, lead: Pick<Lead, "latitude" | "longitude" | "source">): boolean {
  if (lead.source === "provider_manual") return false;
  const area = serviceAreaOf(viewer);
  if (!area || marketScope(viewer, scope) === "all") return true;
  const place = toCoordinates(lead.latitude, lead.longitude);
  return place !== null && withinRadius(area.centre, place, area.radiusKm);
}

/** "12.4 km away": one decimal, or null when the viewer or the lead has no coordinates. */
export function marketDistanceKm(viewer: MarketViewer, lead: Pick<Lead, "latitude" | "longitude">): number | null {
  return distanceFrom(serviceAreaOf(viewer)?.centre ?? null, toCoordinates(lead.latitude, lead.longitude));
}

/** marketDistanceKm from a viewer's service location already read. */
export const distanceFrom = (origin: Coordinates | null, place: Coordinates | null) => (origin && place ? roundedKm(distanceKm(origin, place)) : null);

/**
 * Whose purchases a viewer's are: their own, or their owner's for a team member. The buyer who
 * missed a lead's contact promise is kept from it, and so is their team (docs/decisions/049).
 */
export const buyerSideOf = (viewer: { id: number; teamOwnerId?: number | null }) => viewer.teamOwnerId ?? viewer.id;
