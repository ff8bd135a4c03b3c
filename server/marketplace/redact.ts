// The one redaction function (DESIGN.md section 4 "Privacy before purchase"). Every
// response and live event that shows an unpurchased lead to anyone but the super admin
// goes through toMarketLead.
import type { UserType } from "../../shared/enums";
import type { MarketLead } from "../../shared/marketplace";
import { auctionPriceAt } from "../../shared/pricing";
import type { Lead } from "../../shared/schema";

const HIDDEN = "[shown after purchase]";

/** "0412345678" -> "04•••••678": the first 2 and last 3 digits only. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 6) return "•".repeat(Math.max(digits.length, 6));
  return digits.slice(0, 2) + "•".repeat(digits.length - 5) + digits.slice(-3);
}

export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? "";
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Customers type contact details into free text ("call me on 0412 345 678"). Before
 * purchase, emails, phone-like digit runs, the address and the surname are masked there too.
 */
export function scrubFreeText(text: string, lead: Pick<Lead, "customerName" | "customerAddress" | "customerEmail">): string {
  let out = text
    .replace(/[^\s@]+@[^\s@]+/g, HIDDEN)
    .replace(/\+?\d[\d\s().-]{6,}\d/g, HIDDEN);
  const secrets = [lead.customerAddress, lead.customerEmail, ...lead.customerName.trim().split(/\s+/).slice(1)]
    .map((s) => s?.trim())
    .filter((s): s is string => Boolean(s && s.length >= 2));
  for (const secret of secrets) {
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(secret)}(?![\\p{L}\\p{N}])`, "giu"), HIDDEN);
  }
  return out;
}

export function toMarketLead(lead: Lead, viewer: { userType: UserType }, now: Date): MarketLead {
  const auction = auctionPriceAt(lead.startingPrice, lead.auctionStartedAt, now);
  const area = [lead.suburb, lead.state, lead.postcode].filter(Boolean).join(" ") || null;
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
    price: auction.price,
    secondsLeft: auction.secondsLeft,
  };
  if (viewer.userType === "super_admin") {
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
    electricalWork: scrubFreeText(lead.electricalWork, lead),
    specialRequests: lead.specialRequests ? scrubFreeText(lead.specialRequests, lead) : null,
    customerName: firstNameOf(lead.customerName),
    customerPhone: maskPhone(lead.customerPhone),
    customerEmail: null,
    customerAddress: null,
    location: area,
    isRedacted: true,
  };
}
