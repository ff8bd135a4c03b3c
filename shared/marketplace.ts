// Wire shapes of the marketplace (issue 5): the available-lead card and the purchase call.
import { z } from "zod";
import { recordId, recordIdParam } from "./ids";

export const LEAD_PAGE_SIZE = 50;

export const leadListQuery = z.object({
  limit: z.coerce.number().int().min(1, "limit must be at least 1").max(100, "limit must be at most 100").default(LEAD_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});

export const leadIdParam = recordIdParam;

/** An unpurchased lead as a buyer-to-be sees it: DESIGN.md section 4 decides what is hidden. */
export interface MarketLead {
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
}

/** GET /api/leads: newest auction first (a lead back on sale counts as new). */
export interface LeadPage {
  leads: MarketLead[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  serverTime: string;
  /**
   * Leads on the market now, all pages together, counted up to MARKET_COUNT_CAP so the
   * count's cost stays flat as unclaimed free leads pile up; MARKET_COUNT_CAP + 1 means more.
   */
  total: number;
}

export const MARKET_COUNT_CAP = 1000;

/** "37", or "1000+" past the cap. */
export const marketCountLabel = (total: number) => (total > MARKET_COUNT_CAP ? `${MARKET_COUNT_CAP}+` : String(total));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === "" ? undefined : v));

// SPEC.md section 5 "Buyer form". Free and admin claims send only paymentStatus, so every
// buyer field is optional and filled from the buyer's profile; amountPaid is ignored:
// the server decides the price (DESIGN.md section 4).
export const purchaseRequest = z.object({
  buyerName: z.string().trim().min(1, "Name is required").max(200).optional(),
  buyerEmail: z.email("Valid email required").optional().or(z.literal("").transform(() => undefined)),
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

export const MARKET_MESSAGES = {
  alreadySold: "This lead has already been purchased",
  notFound: "Lead not found",
  teamCannotBuy: "Team members cannot buy leads. Ask your account owner.",
  adminClaim: "Admin Access - No Payment Required",
  paymentRequired: "Card payment required",
  paymentNotAuthorised: "The card payment was not authorised",
} as const;

/** The purchase dialog's buyer form (SPEC.md section 5 "Buyer form"). */
export const buyerForm = z.object({
  buyerName: z.string().trim().min(1, "Name is required").max(200),
  buyerEmail: z.email("Valid email required"),
  buyerPhone: z.string().trim().min(10, "Phone number required").max(30),
  buyerCompany: z.string().trim().max(200).optional(),
});
export type BuyerForm = z.infer<typeof buyerForm>;
