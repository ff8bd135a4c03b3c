// Great-circle geometry for the local market (docs/product.md section 12 "Matching"): one module
// owns the distance rule, so the market query, the live stream and alerts agree on who
// sees a lead.

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Mean Earth radius (IUGG), the usual figure for haversine distances. The market's SQL uses it too. */
export const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Haversine distance in kilometres. */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** What a card shows: one decimal ("12.4 km away"). */
export const roundedKm = (km: number) => Math.round(km * 10) / 10;

/**
 * Whether a point lies within `radiusKm` of a centre. A point exactly at the radius is in;
 * the comparison uses the rounded figure the card shows, so "20.0 km away" is never left out
 * of a 20 km area.
 */
export const withinRadius = (centre: Coordinates, point: Coordinates, radiusKm: number) => roundedKm(distanceKm(centre, point)) <= radiusKm;

export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/**
 * A latitude/longitude box that contains every point within `radiusKm` of the centre (a cheap
 * prefilter an index can serve; the exact distance decides). Slightly generous on purpose so
 * the rounding in withinRadius never loses an edge point. Australia is far from the poles and
 * the antimeridian, so the box never wraps.
 */
export function boundingBox(centre: Coordinates, radiusKm: number): BoundingBox {
  const marginKm = radiusKm + 0.1;
  const latDelta = (marginKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const cosLat = Math.max(Math.cos(toRadians(centre.latitude + Math.sign(centre.latitude) * latDelta)), 0.01);
  const lngDelta = latDelta / cosLat;
  return {
    minLatitude: centre.latitude - latDelta,
    maxLatitude: centre.latitude + latDelta,
    minLongitude: centre.longitude - lngDelta,
    maxLongitude: centre.longitude + lngDelta,
  };
}

/** The point `km` along a great circle from `start` at a compass bearing (tests place leads at known distances with it). */
export function destinationPoint(start: Coordinates, km: number, bearingDegrees: number): Coordinates {
  const d = km / EARTH_RADIUS_KM;
  const lat1 = toRadians(start.latitude);
  const lng1 = toRadians(start.longitude);
  const b = toRadians(bearingDegrees);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 = lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: (lat2 * 180) / Math.PI, longitude: (lng2 * 180) / Math.PI };
}

/** Coordinates from numeric(…) columns (strings) or numbers; null when either end is missing. */
export function toCoordinates(latitude: string | number | null | undefined, longitude: string | number | null | undefined): Coordinates | null {
  if (latitude == null || longitude == null || latitude === "" || longitude === "") return null;
  const point = { latitude: Number(latitude), longitude: Number(longitude) };
  return Number.isFinite(point.latitude) && Number.isFinite(point.longitude) ? point : null;
}
