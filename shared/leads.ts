// The quote request (docs/product.md sections 3 "Quote form", 5 and 7): one schema for the wizard
// and for POST /api/leads, so both sides say the same thing about the same input.
import { z } from "zod";
import { isCalendarDay } from "./calendar-day";
import { QUOTE_BUDGET_RANGES, QUOTE_PROPERTY_TYPES, QUOTE_SERVICE_TYPES, QUOTE_URGENCIES, TIMEFRAMES } from "./enums";
import { HONEYPOT_FIELD } from "./honeypot";
import { PHONE_IMPLAUSIBLE_MESSAGE } from "./phone";
import { australianPhone } from "./phone-field";
import { photoIdsField } from "./photos";

export const QUOTE_MESSAGES = {
  serviceLocation: "Service location is required",
  electricalWork: "Please provide more details about the electrical work needed (minimum 10 characters)",
  customerName: "Customer name is required",
  customerPhone: "Phone number must be at least 10 digits",
  customerPhoneImplausible: PHONE_IMPLAUSIBLE_MESSAGE,
  serviceType: "Choose a service type",
  propertyType: "Choose a property type",
  budgetRange: "Choose a budget range",
  urgency: "Choose how urgent the work is",
  timeframe: "Choose a timeframe",
  hasExistingElectrician: "Tell us whether you already have an electrician",
  isFlexibleDates: "Tell us whether your dates are flexible",
  date: "Enter a valid date",
  /** real-customers (docs/decisions/034): the location must name a known suburb or postcode. */
  serviceLocationUnknown: "Please choose your suburb or postcode from the list",
} as const;

/** The honeypot's value (shared/honeypot.ts): people leave it empty. */
export const honeypot = z.string().max(500).optional().nullable();

/** Optional free text: trimmed, "" and null become null. */
export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalDate = z
  .string({ error: QUOTE_MESSAGES.date })
  .trim()
  .refine((v) => v === "" || isCalendarDay(v), QUOTE_MESSAGES.date)
  .nullish()
  .transform((v) => (v ? v : null));

export const quoteRequestSchema = z.object({
  serviceLocation: z.string({ error: QUOTE_MESSAGES.serviceLocation }).trim().min(1, QUOTE_MESSAGES.serviceLocation).max(300, "Service location is too long"),
  electricalWork: z
    .string({ error: QUOTE_MESSAGES.electricalWork })
    .trim()
    .min(10, QUOTE_MESSAGES.electricalWork)
    .max(5000, "Please keep the description under 5000 characters"),
  serviceType: z.enum(QUOTE_SERVICE_TYPES, { error: QUOTE_MESSAGES.serviceType }).default("repair"),
  propertyType: z.enum(QUOTE_PROPERTY_TYPES, { error: QUOTE_MESSAGES.propertyType }).default("residential"),
  budgetRange: z.enum(QUOTE_BUDGET_RANGES, { error: QUOTE_MESSAGES.budgetRange }).default("unsure"),
  hasExistingElectrician: z.boolean({ error: QUOTE_MESSAGES.hasExistingElectrician }).default(false),
  urgency: z.enum(QUOTE_URGENCIES, { error: QUOTE_MESSAGES.urgency }).default("within_week"),
  timeframe: z.enum(TIMEFRAMES, { error: QUOTE_MESSAGES.timeframe }).default("this_week"),
  customerName: z.string({ error: QUOTE_MESSAGES.customerName }).trim().min(1, QUOTE_MESSAGES.customerName).max(120, "Name is too long"),
  customerPhone: australianPhone({
    tooShort: QUOTE_MESSAGES.customerPhone,
    implausible: QUOTE_MESSAGES.customerPhoneImplausible,
  }),
  customerAddress: optionalText(300, "Address is too long"),
  specialRequests: optionalText(2000, "Please keep notes under 2000 characters"),
  /** Gate codes, parking, pets: stored apart and shown to the buyer only (docs/decisions/034). */
  accessNotes: optionalText(1000, "Please keep access notes under 1000 characters"),
  preferredPickupDate: optionalDate,
  preferredDropoffDate: optionalDate,
  isFlexibleDates: z.boolean({ error: QUOTE_MESSAGES.isFlexibleDates }).default(true),
  /** Uploads (POST /api/uploads) to attach, at most 6, each of the last 24 hours and used once (docs/decisions/050-photos.md). */
  photoIds: photoIdsField,
  [HONEYPOT_FIELD]: honeypot,
});
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/**
 * POST /api/leads. `verification` is the token for the mobile check, or null when no code was
 * sent (a landline, or the number's send limit is reached); `devCode` only outside production
 * with SMS_PROVIDER=log (docs/decisions/034).
 */
export const quoteResponseSchema = z.object({
  jobReference: z.string(),
  /** The customer's job page, /job/<token> (docs/decisions/044-job-page.md): shown once, never put in a URL we record. */
  jobUrl: z.string(),
  verification: z.string().nullable(),
  devCode: z.string().optional(),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

// ---- Mobile verification (docs/decisions/034) ----

export const VERIFY_MESSAGES = {
  code: "Enter the 6-digit code from the SMS",
  wrongCode: "That code is not right. Check the SMS and try again.",
  expired: "This code has expired. Send a new code.",
  tooManyTries: "Too many wrong codes. Send a new code.",
  unknown: "This verification is not known. Your quote is still on its way to electricians.",
  alreadyVerified: "Your mobile is already verified.",
  tooManySends: "Too many codes sent. Please wait an hour and try again.",
} as const;

const verificationToken = z.string({ error: "verification is required" }).trim().min(16, "verification is not valid").max(100, "verification is not valid");

export const verifyPhoneRequest = z.object({
  verification: verificationToken,
  code: z
    .string({ error: VERIFY_MESSAGES.code })
    .transform((v) => v.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, VERIFY_MESSAGES.code)),
});

export const resendCodeRequest = z.object({ verification: verificationToken });

export const verifyPhoneResponse = z.object({ phoneVerified: z.literal(true) });
export type VerifyPhoneResponse = z.infer<typeof verifyPhoneResponse>;
export const resendCodeResponse = z.object({ sent: z.literal(true), devCode: z.string().optional() });
export type ResendCodeResponse = z.infer<typeof resendCodeResponse>;

/** The home page's Find Local Electricians form, when the server answers it (docs/decisions/036). */
export const locationSearchForm = quoteRequestSchema.pick({ serviceLocation: true });
