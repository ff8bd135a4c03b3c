// The one redaction function (docs/product.md section 10 "Privacy before purchase"). Every
// response and live event that shows an unpurchased lead to anyone but the super admin
// goes through toMarketLead, or its two halves: toListing (redaction, distance) and priced
// (the auction), which GET /api/leads applies apart so it can keep listings (market-cache.ts).
import { toCoordinates, type Coordinates } from "../../shared/geo";
import type { MarketLead } from "../../shared/marketplace";
import { can } from "../../shared/policy";
import { auctionPriceAt } from "../../shared/pricing";
import type { Lead } from "../../shared/schema";
import { distanceFrom, serviceAreaOf, type MarketViewer } from "./area";

const HIDDEN = "[shown after purchase]";

/** "0412345678" -> "04•••••678": the first 2 and last 3 digits only. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 6) return "•".repeat(Math.max(digits.length, 6));
  return digits.slice(0, 2) + "•".repeat(digits.length - 5) + digits.slice(-3);
}

/** The given name's first piece: up to a space, a comma, a dot or any hyphen or dash. */
const GIVEN_NAME_PIECE = /^\s*([^\s,，،.\u2010-\u2015-]*)/u;
/** Latin, full-width and Arabic commas: "Surname, Given" in any of them. */
const NAME_COMMA = /[,，،]/u;

/**
 * The given name only: after the comma in "Surname, Given" forms, else the first word; and
 * never past its first hyphen or dot piece ("J.Zebedee-Customerson" shows "J").
 */
export function firstNameOf(fullName: string): string {
  const comma = fullName.search(NAME_COMMA);
  return GIVEN_NAME_PIECE.exec(comma === -1 ? fullName : fullName.slice(comma + 1))![1]!;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Not inside a longer word or number: "Mitchell" but not "Mitchells", "14" but not "214". */
const alone = (source: string) => `(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`;
/** Words with any run of spaces between them: "14  Church" is still "14 Church". */
const words = (text: string) => text.trim().split(/\s+/).map(escapeRegExp).join("\\s+");

const STREET_TYPE =
  "st|street|rd|road|ave|av|avenue|dr|drive|ct|court|pl|place|cres|crescent|pde|parade|hwy|highway|ln|lane|tce|terrace|cl|close|way|blvd|boulevard|cct|circuit|gr|grove|sq|square|esp|esplanade|bvd|cir|circle|track|loop|row|walk";
const UNIT_WORD = /^(unit|u|lot|apt|apartment|flat|shop|suite|level|lvl|no\.?)$/i;
const STREET_TYPE_WORD = new RegExp(`^(?:${STREET_TYPE})\\.?$`, "i");

/**
 * The street of an address in the forms people type: "14 Church St" (text before the first
 * comma), "14 Church" and "14 church street" (house number and street name, any street
 * type), "Church Street" (the name with a street type).
 */
function streetPatterns(address: string): string[] {
  const street = address.split(",")[0]!.trim();
  const tokens = street.split(/\s+/).filter(Boolean);
  let i = 0;
  while (i < tokens.length && (/\d/.test(tokens[i]!) || UNIT_WORD.test(tokens[i]!))) i++;
  const numbers = tokens.slice(0, i).filter((t) => /\d/.test(t));
  let name = tokens.slice(i);
  if (name.length > 1 && STREET_TYPE_WORD.test(name.at(-1)!)) name = name.slice(0, -1);
  const patterns = street.length >= 4 ? [words(street)] : [];
  if (name.length === 0) return patterns;
  const streetName = words(name.join(" "));
  // "3/14" is also typed as "14": any number the address gives, alone or in its unit form.
  const houseNumbers = [...new Set(numbers.flatMap((n) => [n, ...n.split(/[/-]/)]).filter((n) => /\d/.test(n)))];
  const streetType = `\\s+(?:${STREET_TYPE})\\b\\.?`;
  if (houseNumbers.length) patterns.push(`(?:${houseNumbers.map(escapeRegExp).join("|")})\\s*,?\\s+${streetName}(?:${streetType})?`);
  patterns.push(`${streetName}${streetType}`);
  return patterns;
}

const PHONE_SEPARATOR = "[\\s().+/\\u2010-\\u2015-]";

/** The customer's own number in any spacing or punctuation, national or +61 form. */
function phonePattern(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 8) return null;
  const national = digits.replace(/^61/, "0").replace(/^0/, "");
  // Plain separator classes: Unicode property classes cost about 1 ms each to compile.
  const spaced = (d: string) => d.split("").join(`${PHONE_SEPARATOR}{0,3}`);
  return `(?:(?:\\+?61|0)${PHONE_SEPARATOR}{0,4})?${spaced(national)}`;
}

/**
 * Customers type contact details into free text ("call me on 0412 345 678, 14 Church St").
 * Before purchase the address and its street, the customer's phone in any format, emails,
 * other phone-like digit runs and the surname are masked there too.
 */
export function scrubFreeText(text: string, lead: Pick<Lead, "customerName" | "customerAddress" | "customerEmail" | "customerPhone">): string {
  // A pure function of these five strings, asked again for every page that shows the lead:
  // the last SCRUBBED_KEPT answers are kept (a few MB), so a busy market page is not a regex
  // compile per lead per request. A changed lead is a different key, never a stale answer.
  const key = [text, lead.customerName, lead.customerAddress ?? "", lead.customerEmail ?? "", lead.customerPhone].join("\u0000");
  const kept = scrubbed.get(key);
  if (kept !== undefined) return kept;
  const out = scrub(text, lead);
  if (scrubbed.size >= SCRUBBED_KEPT) scrubbed.delete(scrubbed.keys().next().value!);
  scrubbed.set(key, out);
  return out;
}

const SCRUBBED_KEPT = 5000;
const scrubbed = new Map<string, string>();

function scrub(text: string, lead: Pick<Lead, "customerName" | "customerAddress" | "customerEmail" | "customerPhone">): string {
  const literal = (s: string | null | undefined) => (s && s.trim().length >= 2 ? words(s) : null);
  const secrets = [
    literal(lead.customerAddress),
    literal(lead.customerEmail),
    phonePattern(lead.customerPhone),
    ...(lead.customerAddress ? streetPatterns(lead.customerAddress) : []),
    ...lead.customerName.trim().split(/\s+/).slice(1).map(literal),
  ].filter((s): s is string => Boolean(s));
  // One regex for all of them (V8 keeps compiled regexes by source, so a lead seen again is
  // not compiled again); the longer secrets come first, so the whole address wins over its
  // street part at the same position.
  const out = secrets.length ? text.replace(new RegExp(alone(secrets.map((s) => `(?:${s})`).join("|")), "giu"), HIDDEN) : text;
  return maskCodes(out.replace(/[^\s@]+@[^\s@]+/g, HIDDEN).replace(/\+?\(?\d[\d\s().\u2010-\u2015-]{6,}\d/g, HIDDEN));
}

/**
 * Words that announce a code ("gate code 1234", "PIN: 4321", "lockbox 0815", "alarm 2580#").
 * A number of 3 digits or more, up to three words after one of them, is masked.
 */
const CODE_WORDS = "codes?|pin|pins|passcode|password|combo|combination|lock\\s*box|key\\s*safe|keysafe|keypad|alarm|gate|access|door|garage";
const AFTER_CODE_WORD = new RegExp(
  `(\\b(?:${CODE_WORDS})\\b(?:[^\\p{L}\\p{N}\\n]+[\\p{L}]+){0,3}[^\\p{L}\\p{N}\\n]*?)([#*]?\\d[\\d#*-]*\\d[#*]?)(?![\\p{L}\\p{N}])`,
  "giu",
);
/** Keypad codes typed with their keys ("1234#", "*4321") and any run of 5 or more digits. */
const KEYPAD_OR_LONG = /(?<![$\p{L}\p{N}])(?:[#*]\d{2,}[#*]?|\d{2,}[#*]|\d{5,})(?![\p{L}\p{N}])/gu;

/**
 * Digit runs that look like codes or private numbers (docs/decisions/034): after a
 * code word (3 digits or more), with keypad keys, or 5 digits and more. Short numbers people
 * use to describe the work ("3 phase", "20 amp", "gate 2", "1960s"), 4-digit postcodes and
 * dollar amounts stay.
 */
export function maskCodes(text: string): string {
  return text
    .replace(AFTER_CODE_WORD, (whole: string, lead: string, code: string) => (code.replace(/\D/g, "").length >= 3 ? `${lead}${HIDDEN}` : whole))
    .replace(KEYPAD_OR_LONG, HIDDEN);
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

/** The lead as this view shows it, redacted unless the view sees customers; priced by `priced`. */
export function toListing(lead: Lead, view: ListingView): Listing {
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
    // The customer confirmed their mobile by SMS code (docs/decisions/034). Access notes are never here.
    phoneVerified: lead.phoneVerifiedAt !== null,
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

/** The listing with the auction's price and time left at `now` (shared/pricing.ts). */
export function priced(listing: Listing, now: Date): MarketLead {
  const auction = auctionPriceAt(listing.startingPrice, listing.auctionStartedAt, now);
  return { ...listing, price: auction.price, secondsLeft: auction.secondsLeft };
}

export function toMarketLead(lead: Lead, viewer: MarketViewer, now: Date): MarketLead {
  return priced(toListing(lead, listingViewOf(viewer)), now);
}
