// A lead as GET /api/leads sends it before purchase, for the market's card tests: redacted, on sale
// since `now` unless the test says otherwise.
import type { MarketLead } from "@shared/marketplace";

export function aMarketLead(now: Date, overrides: Partial<MarketLead> = {}): MarketLead {
  return {
    id: 7,
    photoCount: 0,
    photos: [],
    jobReference: "AE-7",
    serviceType: "repair",
    propertyType: "residential",
    electricalWork: "Power points keep tripping",
    urgency: "flexible",
    budgetRange: "unsure",
    timeframe: "flexible",
    hasExistingElectrician: false,
    isFlexibleDates: true,
    preferredPickupDate: null,
    preferredDropoffDate: null,
    specialRequests: null,
    leadScore: 5,
    customerName: "Karen",
    customerPhone: "04•••••678",
    customerEmail: null,
    customerAddress: null,
    location: "Parramatta NSW 2150",
    suburb: "Parramatta",
    state: "NSW",
    postcode: "2150",
    createdAt: now.toISOString(),
    auctionStartedAt: now.toISOString(),
    startingPrice: "60.00",
    price: "60.00",
    secondsLeft: 3600,
    isRedacted: true,
    distanceKm: null,
    locationVerified: true,
    phoneVerified: false,
    ...overrides,
  };
}
