// Auto-buy's words (docs/decisions/063-auto-buy-orders.md), apart from its schemas: the policy
// table every page loads holds the owners-only refusal, and must not pull Zod in with it.
import { AUTO_BUY_OWNERS_ONLY } from "./policy";

export const AUTO_BUY_MAX_PER_DAY = 100;
export const AUTO_BUY_RADIUS_MIN_KM = 1;
export const AUTO_BUY_RADIUS_MAX_KM = 500;
/** An owner keeps at most this many orders (deleted ones do not count). */
export const AUTO_BUY_MAX_ORDERS = 20;

export const AUTO_BUY_MESSAGES = {
  maxPrice: "Enter the most you will pay for one lead, above $0 with at most 2 decimals",
  maxPerWeek: "Enter the most you will spend in a week, above $0 with at most 2 decimals",
  maxPerDay: `Enter how many leads a day, from 1 to ${AUTO_BUY_MAX_PER_DAY}`,
  radius: `Enter a radius from ${AUTO_BUY_RADIUS_MIN_KM} to ${AUTO_BUY_RADIUS_MAX_KM} km`,
  radiusNeedsSuburb: "Choose the suburb the radius is around",
  suburbNotFound: "Choose a suburb from the list",
  noServiceArea: "Set your service location first, or choose a suburb and radius",
  minLeadScore: "Enter a lead score from 0 to 100",
  pausedUntil: "Choose a date and time in the future",
  tooManyOrders: `You can keep at most ${AUTO_BUY_MAX_ORDERS} auto-buy orders`,
  notFound: "Auto-buy order not found",
  ownersOnly: AUTO_BUY_OWNERS_ONLY,
  mustBeApproved: "Your licence must be approved before auto-buy can buy for you",
  cardNotConfirmed: "The card was not confirmed: try again",
  created: "Auto-buy order saved",
  paused: "Auto-buy paused",
  resumed: "Auto-buy resumed",
  deleted: "Auto-buy order deleted",
} as const;
