// The operator admin's calls (docs/product.md sections 2, 3 and 7): query and body schemas
// and the answers' shapes. Every admin route sends `Authorization: Bearer <token>`.
import { z } from "zod";
import { instantOrDay } from "./calendar-day";
import { recordIdParam } from "./ids";
import type { MyBadLeadReport } from "./bad-leads";
import { CALLBACK_STATUSES, DISCOUNT_TYPES, LEAD_STATUSES } from "./enums";
import { MAX_STORED_CENTS, MONEY_TOO_LARGE } from "./pricing";
import type { LicenceState, VerificationStatus } from "./vetting";

export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

// ---------- analytics (docs/decisions/015-admin-analytics.md) ----------

export interface MonthFigures {
  purchases: number;
  /** Dollars, 2 decimals. */
  revenue: string;
}

/** A count of refunds and what they gave back (dollars, 2 decimals). */
export interface RefundCount {
  count: number;
  amount: string;
}

/** Refunds from their purchase_refunds rows (docs/decisions/049): all time and the last 30 days, and per reason. */
export interface RefundFigures extends RefundCount {
  last30Days: RefundCount;
  /** `bad_lead`, `unreachable`, `stripe` (refunded in Stripe itself): only the reasons with refunds. */
  byReason: Partial<Record<import("./schema/aftercare").RefundReason, RefundCount & { last30Days: RefundCount }>>;
}

export interface AdminAnalytics {
  totalProviders: number;
  activeProviders: number;
  totalPurchases: number;
  totalRevenue: string;
  averageRevenuePerProvider: string;
  /** "YYYY-MM" (Australia/Sydney) → figures, the last 12 months oldest first, zeros included. */
  purchasesByMonth: Record<string, MonthFigures>;
  inboundLeads: number;
  /** Percentage of inbound leads sold, e.g. 33.33. */
  conversionRate: number;
  averageLeadValue: string;
  refunds: RefundFigures;
  salesStages: {
    purchased: number;
    called: number;
    bookedIn: number;
    safetyCheck: number;
    paid: number;
    finalised: number;
    /** Count of counted purchases by their current stage, every stage listed. */
    byStage: Record<string, number>;
  };
}

// ---------- lists ----------

export const ADMIN_PAGE_SIZE = 50;

const pageFields = {
  limit: z.coerce.number().int().min(1, "limit must be at least 1").max(200, "limit must be at most 200").default(ADMIN_PAGE_SIZE),
  offset: z.coerce.number().int().min(0, "offset must be 0 or more").max(1_000_000).default(0),
};

export const adminProvidersQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, "Search is limited to 100 characters")
    .optional()
    .transform((v) => v || undefined),
  ...pageFields,
});

export const adminLeadsQuery = z.object({
  status: z.enum(LEAD_STATUSES, { error: "Unknown lead status" }).optional(),
  ...pageFields,
});

export const adminCallbacksQuery = z.object({
  status: z.enum(CALLBACK_STATUSES, { error: "Unknown callback status" }).optional(),
  ...pageFields,
});

/** The Verification tab's queue (docs/decisions/033): pending providers, newest first. */
export const adminVerificationQuery = z.object({ ...pageFields });

export const adminIdParam = recordIdParam;

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

/** docs/product.md section 3 "Admin provider list item", never a password. */
export interface AdminProvider {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  companyName: string | null;
  isActive: boolean;
  isVerified: boolean;
  /** The operator's verdict on the licence, and the day it expires (null: none on file; docs/decisions/033). */
  verificationStatus: VerificationStatus;
  /** Shown in the "Update licence" dialog, which records a renewal. */
  licenceNumber: string | null;
  licenceState: LicenceState | null;
  licenceExpiry: string | null;
  /** 11 digits, or null for an account from before ABNs were asked for. */
  abn: string | null;
  createdAt: string;
  /** Counted purchases (live, paid, of marketplace leads; docs/decisions/015 and 032). */
  purchaseCount: number;
  /** What those purchases cost, dollars with 2 decimals. */
  spend: string;
  /**
   * Missed contact promises in the last 30 days (docs/decisions/049): released for nothing
   * logged, or upheld by the operator; MISSED_PROMISE_FLAG.count of them flag the provider.
   * Absent from the answer of an activation change.
   */
  missedPromises?: number;
}

export const providerActiveUpdate = z.object({ isActive: z.boolean({ error: "isActive must be true or false" }) });

/** docs/product.md section 3 "Admin lead list item" with docs/product.md section 11's electrical fields. */
export interface AdminLead {
  id: number;
  jobReference: string;
  status: (typeof LEAD_STATUSES)[number];
  source: string;
  serviceType: string;
  propertyType: string;
  urgency: string;
  leadScore: number;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  serviceLocation: string;
  isArchived: boolean;
  createdAt: string;
}

// ---------- provider callbacks ----------

/** pending → contacted → approved | declined; pending → declined. */
export const CALLBACK_TRANSITIONS: Record<CallbackStatus, readonly CallbackStatus[]> = {
  pending: ["contacted", "declined"],
  contacted: ["approved", "declined"],
  approved: [],
  declined: [],
};

export const callbackUpdate = z.object({
  status: z.enum(CALLBACK_STATUSES, { error: "Unknown callback status" }).optional(),
  notes: z.string().trim().max(2000, "Notes are limited to 2000 characters").nullish(),
});

export interface AdminCallback {
  id: number;
  firstName: string;
  lastName: string;
  mobile: string;
  email: string;
  businessName: string;
  serviceArea: string;
  status: CallbackStatus;
  notes: string | null;
  contactedAt: string | null;
  approvedAt: string | null;
  approvedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CallbackUpdateResult {
  callback: AdminCallback;
  /** Only when this update approved the callback: the single-use sign-up link. */
  invitation?: { path: string; url: string; expiresAt: string };
}

export const ADMIN_MESSAGES = {
  providerNotFound: "Provider not found",
  callbackNotFound: "Callback not found",
  illegalMove: (from: string, to: string) => `A ${from} callback cannot be moved to ${to}`,
  nothingToChange: "Send a status or notes",
  codeTaken: "A discount code with that name already exists",
  codeNotFound: "Discount code not found",
} as const;

// ---------- invitations (docs/decisions/014-invitation-links.md) ----------

export const INVITATION_DAYS = 7;
export const INVITATION_MESSAGES = {
  invalid: "This invitation link is not valid",
  used: "This invitation link has already been used",
  expired: "This invitation link has expired. Please ask us for a new one.",
} as const;

/** GET /api/invitations/:token: the sign-up form's prefill. */
export interface InvitationPrefill {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companyName: string;
  expiresAt: string;
}

export const invitationTokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, INVITATION_MESSAGES.invalid) });

// ---------- discount codes (docs/product.md section 5) ----------

export const discountCodeCreate = z
  .object({
    code: z.string({ error: "Enter a code" }).trim().min(1, "Enter a code").max(50, "Discount codes are at most 50 characters"),
    description: z
      .string()
      .trim()
      .max(500, "Description is limited to 500 characters")
      .optional()
      .transform((v) => v || undefined),
    discountType: z.enum(DISCOUNT_TYPES, { error: "Choose a discount type" }),
    discountValue: z.coerce
      .number({ error: "Enter a number" })
      .min(0, "The value must be 0 or more")
      .max(MAX_STORED_CENTS / 100, MONEY_TOO_LARGE)
      .optional(),
    maxUses: z.coerce.number({ error: "Enter a whole number" }).int("Enter a whole number").min(1, "Allow at least 1 use").max(1_000_000).optional(),
    validUntil: instantOrDay("Enter a valid date").optional(),
  })
  .refine((v) => v.discountType !== "percentage" || (v.discountValue ?? 0) <= 100, { message: "A percentage is at most 100", path: ["discountValue"] })
  .refine((v) => v.discountType === "free" || v.discountValue !== undefined, { message: "Enter the discount value", path: ["discountValue"] });
export type DiscountCodeCreate = z.input<typeof discountCodeCreate>;

export const discountCodeUpdate = z.object({ isActive: z.boolean({ error: "isActive must be true or false" }) });

export interface AdminDiscountCode {
  id: number;
  code: string;
  description: string | null;
  discountType: (typeof DISCOUNT_TYPES)[number];
  discountValue: string | null;
  maxUses: number | null;
  currentUses: number;
  isActive: boolean;
  validFrom: string;
  validUntil: string | null;
  createdAt: string;
}

// ---------- bad-lead reports ----------

export const adminReportsQuery = z.object({
  status: z.enum(["pending", "approved", "rejected"], { error: "Unknown report status" }).optional(),
  ...pageFields,
});

export const reportDecisionNote = z.object({
  note: z
    .string()
    .trim()
    .max(1000, "Notes are limited to 1000 characters")
    .nullish()
    .transform((v) => v || null),
});

/** What the provider sees of a report, plus what the operator needs to settle it. */
export interface AdminReport extends MyBadLeadReport {
  refundReference: string | null;
  reporter: { id: number; name: string; companyName: string | null };
  purchase: { amountPaid: string; purchasedAt: string; paymentStatus: string; hasCardPayment: boolean };
  lead: { id: number; jobReference: string; serviceType: string; suburb: string | null; state: string | null; customerName: string; customerPhone: string };
}

/**
 * What the "Active Providers" tile counts, shown on the tile: approved by the licence check and
 * not switched off (docs/decisions/037-every-job-write-carries-its-version.md, amending 032).
 */
export const ACTIVE_PROVIDERS_DEFINITION = "Providers approved by the licence check whose account is active (the Active badge); pending ones are not counted";
