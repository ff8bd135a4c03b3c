// When an order wants a lead (docs/decisions/064-auto-buy-engine.md): the rules the SQL of
// engine-repo.ts does not already apply (the area, the verified mobile, the owner's licence and
// card), and the moment the lead's falling price reaches the order's maximum.
import { DEFAULT_SERVICE_RADIUS } from "../../shared/auth";
import { momentPriceReaches } from "../../shared/auto-buy";
import { toCoordinates, withinRadius } from "../../shared/geo";
import { toCents } from "../../shared/pricing";
import type { Lead } from "../../shared/schema";
import { isLicenceExpired } from "../../shared/vetting";
import type { OrderRow } from "./engine-repo";

/**
 * The order's area: a radius around its suburb; else around the owner's service location, of
 * the order's radius or the owner's own (their service area). No centre, or a lead with no
 * place: no match (an order never buys what it cannot place).
 */
function inArea(order: OrderRow, lead: Pick<Lead, "latitude" | "longitude">): boolean {
  const place = toCoordinates(lead.latitude, lead.longitude);
  if (!place) return false;
  const aroundSuburb = order.suburbLatitude !== null ? toCoordinates(order.suburbLatitude, order.suburbLongitude) : null;
  const centre = aroundSuburb ?? toCoordinates(order.owner.serviceLatitude, order.owner.serviceLongitude);
  if (!centre) return false;
  const radiusKm = order.radiusKm ?? order.owner.serviceRadius ?? DEFAULT_SERVICE_RADIUS;
  return withinRadius(centre, place, radiusKm);
}

/** Whether the order's card can pay now: demo mode needs none; Stripe needs the card its SetupIntent saved. */
const hasUsableCard = (order: OrderRow, mode: "stripe" | "demo") => mode === "demo" || (order.paymentMethodId !== null && order.stripeCustomerId !== null);

/** The rest of the order's rules for this lead, beyond engine-repo.ts ordersForLead's SQL. */
export function orderTakesLead(order: OrderRow, lead: Lead, mode: "stripe" | "demo", now: Date): boolean {
  if (order.verifiedMobileOnly && lead.phoneVerifiedAt === null) return false;
  if (isLicenceExpired(order.owner.licenceExpiry, now)) return false;
  return hasUsableCard(order, mode) && inArea(order, lead);
}

/** The first instant the order would buy the lead: its price at the maximum and any pause until a date over. */
export function wantedAt(order: OrderRow, lead: Lead): Date | null {
  const reached = momentPriceReaches(lead, toCents(order.maxPrice));
  if (!reached) return null;
  const until = order.pausedReason === "until_date" && order.pausedUntil ? order.pausedUntil : null;
  return until && until > reached ? until : reached;
}

/** The earliest of some instants, null when there are none. */
export function earliest(times: Array<Date | null>): Date | null {
  let first: Date | null = null;
  for (const t of times) if (t && (!first || t < first)) first = t;
  return first;
}
