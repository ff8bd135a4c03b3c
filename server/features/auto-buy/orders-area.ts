// Which leads an order is about (docs/decisions/063-auto-buy-orders.md, "The area"): its area,
// measured great-circle and rounded as the market card rounds it (shared/geo.ts withinRadius, as
// the market and alerts decide), and its filters. Pure, so the preview and the engine agree.
import { DEFAULT_SERVICE_RADIUS } from "../../../shared/service-radius";
import { toCoordinates, withinRadius, type Coordinates } from "../../../shared/geo";

export interface OrderArea {
  centre: Coordinates;
  radiusKm: number;
}

export interface OwnerPlace {
  serviceLatitude: string | number | null;
  serviceLongitude: string | number | null;
  serviceRadius: number | null;
}

/**
 * Suburb and radius: around the suburb. Radius alone: around the owner's service location.
 * Neither: the owner's service area (location and service radius). Null when the centre is unknown.
 */
export function orderArea(
  order: { radiusKm: number | null; suburbId: number | null },
  owner: OwnerPlace | undefined,
  suburb: { latitude: string | number | null; longitude: string | number | null } | undefined,
): OrderArea | null {
  if (order.suburbId !== null) {
    const centre = toCoordinates(suburb?.latitude, suburb?.longitude);
    return centre && order.radiusKm !== null ? { centre, radiusKm: order.radiusKm } : null;
  }
  const centre = toCoordinates(owner?.serviceLatitude, owner?.serviceLongitude);
  if (!centre) return null;
  return { centre, radiusKm: order.radiusKm ?? owner?.serviceRadius ?? DEFAULT_SERVICE_RADIUS };
}

export interface OrderFilters {
  serviceTypes: string[];
  propertyTypes: string[];
  urgencies: string[];
  minLeadScore: number;
  verifiedMobileOnly: boolean;
}

export interface LeadFacts {
  serviceType: string;
  propertyType: string;
  urgency: string;
  leadScore: number;
  phoneVerifiedAt: Date | string | null;
  latitude: string | number | null;
  longitude: string | number | null;
}

const anyOr = (list: string[], value: string) => list.length === 0 || list.includes(value);

/** Whether the lead is one this order wants (its price aside). */
export function orderWantsLead(order: OrderFilters, area: OrderArea, lead: LeadFacts): boolean {
  const place = toCoordinates(lead.latitude, lead.longitude);
  return (
    place !== null &&
    anyOr(order.serviceTypes, lead.serviceType) &&
    anyOr(order.propertyTypes, lead.propertyType) &&
    anyOr(order.urgencies, lead.urgency) &&
    lead.leadScore >= order.minLeadScore &&
    (!order.verifiedMobileOnly || lead.phoneVerifiedAt !== null) &&
    withinRadius(area.centre, place, area.radiusKm)
  );
}
