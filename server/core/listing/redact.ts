// The one redaction function ("Privacy before purchase", docs/decisions/035-customer-text-redaction.md). Every
// response, live event and alert that shows an unpurchased lead to anyone but the super
// admin goes through toMarketLead, or its two halves: toListing (redaction, distance) and
// priced (the auction), which GET /api/leads applies apart so it can keep listings
// (market-cache.ts). Free text shows only safe words (free-text.ts, decision 090), the name cut by customer-name.ts.
import { toCoordinates, type Coordinates } from "../../../shared/geo";
import type { MarketLead } from "../../../shared/marketplace";
import { can } from "../../../shared/policy";
import { auctionPriceAt } from "../../../shared/pricing";
import type { Lead } from "../../../shared/schema";
import { BUYER_AUDIENCE, leadPhotosFor, MARKET_AUDIENCE } from "../photos";
import { distanceFrom, serviceAreaOf, type MarketViewer } from "./area";
import { firstNameOf } from "./customer-name";
import { marketFreeText } from "./free-text";

/** "0412345678" -> "04•••••678": the first 2 and last 3 digits only. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 6) return "•".repeat(Math.max(digits.length, 6));
  return digits.slice(0, 2) + "•".repeat(digits.length - 5) + digits.slice(-3);
}

/**
 * What of the viewer a market lead depends on: whether they may see the customer before
 * purchase, and where distances are measured from. Two viewers with the same view are shown
 * the same listing of a lead.
 */
export interface ListingView {
  seesCustomers: boolean;
  origin: Coordinates | null;
}

export const listingViewOf = (viewer: MarketViewer): ListingView => ({
  seesCustomers: can(viewer, "seeCustomersBeforePurchase"),
  origin: serviceAreaOf(viewer)?.centre ?? null,
});

/** A market lead without its price: the same at every moment, so a page of them can be kept (market-cache.ts). */
export type Listing = Omit<MarketLead, "price" | "secondsLeft">;

/**
 * The lead as this view shows it, redacted unless the view sees customers; priced by `priced`.
 * `photoIds`: the lead's photos (docs/decisions/050-photos.md); redacted, only their blurred
 * thumbnails, never a full-size URL.
 */
export function toListing(lead: Lead, view: ListingView, photoIds: readonly string[] = []): Listing {
  const area = [lead.suburb, lead.state, lead.postcode].filter(Boolean).join(" ") || null;
  const place = toCoordinates(lead.latitude, lead.longitude);
  const common = {
    id: lead.id,
    jobReference: lead.jobReference,
    serviceType: lead.serviceType,
    propertyType: lead.propertyType,
    urgency: lead.urgency,
    budgetRange: lead.budgetRange,
    timeframe: lead.timeframe,
    hasExistingElectrician: lead.hasExistingElectrician,
    isFlexibleDates: lead.isFlexibleDates,
    preferredPickupDate: lead.preferredPickupDate,
    preferredDropoffDate: lead.preferredDropoffDate,
    leadScore: lead.leadScore,
    suburb: lead.suburb,
    state: lead.state,
    postcode: lead.postcode,
    createdAt: lead.createdAt.toISOString(),
    auctionStartedAt: lead.auctionStartedAt.toISOString(),
    startingPrice: lead.startingPrice,
    distanceKm: distanceFrom(view.origin, place),
    locationVerified: place !== null,
    // The customer confirmed their mobile by SMS code. Access notes are never here.
    phoneVerified: lead.phoneVerifiedAt !== null,
    ...leadPhotosFor(photoIds, view.seesCustomers ? BUYER_AUDIENCE : MARKET_AUDIENCE),
  };
  if (view.seesCustomers) {
    return {
      ...common,
      electricalWork: lead.electricalWork,
      specialRequests: lead.specialRequests,
      customerName: lead.customerName,
      customerPhone: lead.customerPhone,
      customerEmail: lead.customerEmail,
      customerAddress: lead.customerAddress,
      location: lead.serviceLocation,
      isRedacted: false,
    };
  }
  return {
    ...common,
    electricalWork: marketFreeText(lead.electricalWork, lead),
    specialRequests: lead.specialRequests ? marketFreeText(lead.specialRequests, lead) : null,
    customerName: firstNameOf(lead.customerName),
    customerPhone: maskPhone(lead.customerPhone),
    customerEmail: null,
    customerAddress: null,
    location: area,
    isRedacted: true,
  };
}

/** The listing with the auction's price and time left at `now` (shared/pricing.ts). */
export function priced(listing: Listing, now: Date): MarketLead {
  const auction = auctionPriceAt(listing.startingPrice, listing.auctionStartedAt, now);
  return { ...listing, price: auction.price, secondsLeft: auction.secondsLeft };
}

export function toMarketLead(lead: Lead, viewer: MarketViewer, now: Date, photoIds: readonly string[] = []): MarketLead {
  return priced(toListing(lead, listingViewOf(viewer), photoIds), now);
}
