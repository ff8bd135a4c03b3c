// When an order wants a lead (docs/decisions/064-auto-buy-engine.md): every rule of the order
// but its price, its pause and its caps (the filters and the area of orders-area.ts, as the
// preview applies them; the owner's licence; a usable card), and the moment the lead's falling
// price reaches the order's maximum. The exclusions after a missed promise and the owner's own
// customers are read from the database at the try (engine-repo.ts).
import { momentPriceReaches } from "../../../shared/auto-buy";
import { toCents } from "../../../shared/pricing";
import type { Lead } from "../../../shared/schema";
import { isLicenceExpired } from "../../../shared/vetting";
import type { OrderRow } from "./engine-repo";
import { orderArea, orderWantsLead, type OrderArea } from "./orders-area";

/**
 * The order's area (docs/decisions/063, "The area"): a radius around its suburb; else around the
 * owner's service location, of the order's radius or the owner's own. Null when the centre is
 * unknown: such an order buys nothing (it cannot place what it would buy).
 */
export function areaOfOrder(order: Pick<OrderRow, "radiusKm" | "suburbId" | "suburbLatitude" | "suburbLongitude" | "owner">): OrderArea | null {
  const suburb = order.suburbLatitude !== null ? { latitude: order.suburbLatitude, longitude: order.suburbLongitude } : undefined;
  return orderArea(order, order.owner, suburb);
}

/** Whether the order's card can pay now: demo mode needs none; Stripe needs the card its SetupIntent saved. */
const hasUsableCard = (order: OrderRow, mode: "stripe" | "demo") => mode === "demo" || (order.paymentMethodId !== null && order.stripeCustomerId !== null);

/**
 * Whether the order takes this lead, its price, pause and caps aside: its filters (service
 * types, property types, urgencies, minimum score, a verified mobile) and its area, its owner's
 * licence not expired at `now`, a usable card. `area` is areaOfOrder(order), passed when known.
 */
export function orderTakesLead(order: OrderRow, lead: Lead, mode: "stripe" | "demo", now: Date, area: OrderArea | null = areaOfOrder(order)): boolean {
  if (!area || !hasUsableCard(order, mode) || isLicenceExpired(order.owner.licenceExpiry, now)) return false;
  return orderWantsLead(order, area, lead);
}

/** The first instant the order would buy the lead: its price at the maximum and any pause until a date over. */
export function wantedAt(order: Pick<OrderRow, "maxPrice" | "pausedReason" | "pausedUntil">, lead: Lead): Date | null {
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
