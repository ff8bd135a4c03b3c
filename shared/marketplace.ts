// Wire shapes of the marketplace (docs/decisions/011): the available-lead card and the purchase call.
import { z } from "zod";
import { JOB_SERVICE_TYPES } from "./enums";
import { recordId, recordIdParam } from "./ids";
import type { LeadPhotos } from "./photos";
import { DEFAULT_MARKET_SORT, listedValues, MARKET_SCOPES, MARKET_SERVICE_TYPES_MAX, MARKET_SORTS, type MarketScope } from "./market-terms";

export const LEAD_PAGE_SIZE = 50;

/** The service types of a query (listedValues), each value checked. */
const serviceTypeList = z.preprocess(
  listedValues,
  z
    .array(z.enum(JOB_SERVICE_TYPES, { error: `serviceType must be one of ${JOB_SERVICE_TYPES.join(", ")}` }))
    .max(MARKET_SERVICE_TYPES_MAX, "serviceType lists too many values")
    .transform((types) => (types.length ? [...new Set(types)] : undefined))
    .optional(),
);

/** What the Available tab keeps in the URL; GET /api/leads reads the same names. */
export const marketFilters = z.object({
  /** Absent: the viewer's default (their area; all of Australia for the super admin or without an area). */
  scope: z.enum(MARKET_SCOPES, { error: "scope must be area or all" }).optional(),
  serviceType: serviceTypeList,
  sort: z.enum(MARKET_SORTS, { error: "sort must be newest, nearest or cheapest" }).default(DEFAULT_MARKET_SORT),
  /** "true": only leads that came with photos (docs/decisions/050-photos.md); absent or "false": every lead. */
  withPhotos: z.enum(["true", "false"], { error: "withPhotos must be true or false" }).optional(),
});
export type MarketFilters = z.output<typeof marketFilters>;

export const leadListQuery = marketFilters.extend({
  limit: z.coerce.number().int().min(1, "limit must be at least 1").max(100, "limit must be at most 100").default(LEAD_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export type LeadListQuery = z.output<typeof leadListQuery>;

export const leadIdParam = recordIdParam;

/**
 * An unpurchased lead as a buyer-to-be sees it: docs/product.md section 10 decides what is hidden.
 * Its photos (LeadPhotos): blurred thumbnails only, unless the viewer is the super admin.
 */
export interface MarketLead extends LeadPhotos {
  id: number;
  jobReference: string;
  serviceType: string;
  propertyType: string;
  electricalWork: string;
  urgency: string;
  budgetRange: string;
  timeframe: string;
  hasExistingElectrician: boolean;
  isFlexibleDates: boolean;
  preferredPickupDate: string | null;
  preferredDropoffDate: string | null;
  specialRequests: string | null;
  leadScore: number;
  /** First name only, unless the viewer is the super admin. */
  customerName: string;
  /** "04•••••678" style: first 2 and last 3 digits, unless super admin. */
  customerPhone: string;
  /** Present only for the super admin. */
  customerEmail: string | null;
  customerAddress: string | null;
  /** "Parramatta NSW 2150" for everyone but the super admin (who sees the full text). */
  location: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  createdAt: string;
  auctionStartedAt: string;
  startingPrice: string;
  /** The server's price at response time, and seconds until it reaches $0. */
  price: string;
  secondsLeft: number;
  isRedacted: boolean;
  /** Great-circle km from the viewer's service location, one decimal; null when either end has no coordinates. */
  distanceKm: number | null;
  /** False when the lead's place could not be put on the map: such leads show only under "all". */
  locationVerified: boolean;
  /** The customer confirmed their mobile with an SMS code (docs/decisions/034): the card's 'Mobile verified' badge. */
  phoneVerified: boolean;
}

/** GET /api/leads: by default newest auction first (a lead back on sale counts as new). */
export interface LeadPage {
  leads: MarketLead[];
  /** Pass back as `cursor` (with the same filters) for the next page; null on the last page. */
  nextCursor: string | null;
  serverTime: string;
  /**
   * Leads in this scope and these filters now, all pages together, counted up to
   * MARKET_COUNT_CAP (shared/market-terms.ts) so the count's cost stays flat as unclaimed free leads pile up;
   * MARKET_COUNT_CAP + 1 means more.
   */
  total: number;
  /** The market shown, once the viewer's default is applied. */
  scope: MarketScope;
  /** A provider without a service location sees all of Australia and is asked to set one. */
  needsServiceArea: boolean;
}

/**
 * GET /api/leads/:id/listing: one lead as the market shows it to this viewer, for a link to
 * it (an alert's tap, docs/decisions/029) whatever the market's filters or pages. `sold`: bought by
 * someone; `gone`: archived, never on the market, or no such lead.
 */
export type LeadListing = { status: "available"; lead: MarketLead; serverTime: string } | { status: "sold" | "gone"; lead: null; serverTime: string };

/** GET /api/leads/stream: the same scope as GET /api/leads (unset: the viewer's default). */
/**
 * Where a market stream stands, as its events' SSE `id` and the browser's `Last-Event-ID`
 * (docs/decisions/099-a-market-stream-owed-its-late-events.md): the newest event id it has been
 * through, then the lower ids it may still be owed ("1207" or "1207,1203,1205"). Opaque to the client.
 */
export const MARKET_STREAM_MAX_OWED = 48;
const streamCursorPattern = new RegExp(`^\\d{1,15}(,\\d{1,15}){0,${MARKET_STREAM_MAX_OWED}}$`);
export const marketStreamCursor = z
  .string()
  .regex(streamCursorPattern)
  .transform((text) => {
    const [upTo, ...owed] = text.split(",").map(Number);
    return { upTo: upTo!, owed: owed.filter((id) => id < upTo!) };
  });
export type MarketStreamCursor = z.output<typeof marketStreamCursor>;

export const leadStreamQuery = z.object({ scope: z.enum(MARKET_SCOPES, { error: "scope must be area or all" }).optional() });

/**
 * Open market streams one person may hold on an instance, phones, tabs and laptops together
 * (docs/decisions/037-every-job-write-carries-its-version.md): plenty for real use, and each
 * stream costs the server memory for as long as it is open.
 */
export const MARKET_STREAMS_PER_USER = 10;
export const TOO_MANY_STREAMS = `The live market is open in ${MARKET_STREAMS_PER_USER} places already. Close a tab or another device and reload.`;

export type MarketChangeType = "lead.added" | "lead.updated" | "lead.removed";
export type LeadRemovalReason = "sold" | "archived";

/**
 * The live market's events (docs/product.md section 12), name to data. Every event carries an SSE
 * `id`; `market.reset` means "you may have missed changes: refetch the market".
 */
export interface MarketStreamEvents {
  "lead.added": { lead: MarketLead };
  "lead.updated": { lead: MarketLead };
  "lead.removed": { id: number; reason: LeadRemovalReason };
  "market.reset": Record<string, never>;
  /** Only to the user whose standing changed (an operator's verdict): ask GET /api/auth/verification again. */
  "account.updated": Record<string, never>;
}
export type MarketStreamEventName = keyof MarketStreamEvents;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === "" ? undefined : v));

// docs/product.md section 5 "Buyer form". Free and admin claims send only paymentStatus, so every
// buyer field is optional and filled from the buyer's profile; amountPaid is ignored:
// the server decides the price (docs/product.md section 10).
export const purchaseRequest = z.object({
  buyerName: z.string().trim().min(1, "Name is required").max(200).optional(),
  buyerEmail: z
    .email("Valid email required")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  buyerPhone: z.string().trim().min(10, "Phone number required").max(30).optional(),
  buyerCompany: optionalText(200),
  amountPaid: z.unknown().optional(),
  paymentStatus: z.string().max(30).optional(),
  discountCodeId: z.unknown().optional(),
  discountCode: optionalText(50),
  paymentIntentId: optionalText(100),
});
export type PurchaseRequest = z.output<typeof purchaseRequest>;
/** What a client sends (before defaults and trimming). */
export type PurchaseRequestBody = z.input<typeof purchaseRequest>;

export const createPaymentIntentRequest = z.object({
  leadId: recordId,
  discountCode: optionalText(50),
  amount: z.unknown().optional(),
});
/** Stripe's client secret for the card form, and the amount it will charge. */
export const paymentIntentResponse = z.object({ clientSecret: z.string(), amount: z.string() });
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponse>;

/** The purchase dialog's buyer form (docs/product.md section 5 "Buyer form"). */
export const buyerForm = z.object({
  buyerName: z.string().trim().min(1, "Name is required").max(200),
  buyerEmail: z.email("Valid email required"),
  buyerPhone: z.string().trim().min(10, "Phone number required").max(30),
  buyerCompany: z.string().trim().max(200).optional(),
});
export type BuyerForm = z.infer<typeof buyerForm>;
