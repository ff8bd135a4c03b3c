// The electrician's business details, as their quotes and invoices print them
// (docs/decisions/051-quotes-and-tax-invoices.md). GET and PATCH /api/provider/business: the
// owner changes them, a team member reads them (403 on a change). The business name, address and
// ABN are the account's own (users.company_name, business_address, abn: the ABN checked as at
// sign-up); the rest is kept per owner beside them.
import { z } from "zod";
import { stripeAccountSchema } from "./stripe-connect";
import { abnField } from "./vetting";

export const DEFAULT_INVOICE_PREFIX = "INV";
export const DEFAULT_PAYMENT_TERMS_DAYS = 7;
export const MAX_PAYMENT_TERMS_DAYS = 365;

export const BUSINESS_MESSAGES = {
  businessName: "Enter your business name",
  businessNameTooLong: "Keep the business name to 120 characters",
  addressTooLong: "Keep the address to 300 characters",
  invoicePrefix: "Use 1 to 6 letters, like INV",
  paymentTerms: `Enter a whole number of days from 0 to ${MAX_PAYMENT_TERMS_DAYS}`,
  bsb: "A BSB is 6 digits, like 062-000",
  account: "An account number is 4 to 10 digits",
  // The same words as PIPELINE_MESSAGES.businessOwnerOnly, written out: importing that module here
  // (shared/jobs.ts reaches this file through invoices.ts) split it out of the policy chunk every
  // landing page loads (docs/decisions/054-quote-and-invoice-screens.md).
  ownerOnly: "Only the business owner can change the business details",
  saved: "Business details saved",
} as const;

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

export const businessDetailsSchema = z.object({
  businessName: z.string().nullable(),
  /** 11 digits, no spaces (formatAbn in shared/vetting.ts shows it). */
  abn: z.string().nullable(),
  gstRegistered: z.boolean(),
  address: z.string().nullable(),
  /** 1-6 capital letters: invoices are numbered `<invoicePrefix>-000001` upwards. */
  invoicePrefix: z.string(),
  paymentTermsDays: z.number().int(),
  /** 6 digits, no dash. */
  bankBsb: z.string().nullable(),
  bankAccount: z.string().nullable(),
  /** Whether the viewer may change them (the owner, or the super admin); a team member only reads. */
  canEdit: z.boolean(),
  /** Whether the public profile and suburb listings show the business (docs/decisions/060-public-profiles.md); on by default. */
  publicProfile: z.boolean(),
  /**
   * The owner's Stripe account for online payments (docs/decisions/056): set up with POST
   * /api/provider/business/stripe-onboarding (the owner only), kept up to date by Stripe's events.
   */
  stripeAccount: stripeAccountSchema,
});
export type BusinessDetails = z.infer<typeof businessDetailsSchema>;

/** PATCH /api/provider/business: any of the fields; one left out stays as it is, blank clears an optional one. */
export const businessDetailsUpdate = z.object({
  businessName: z
    .string({ error: BUSINESS_MESSAGES.businessName })
    .trim()
    .min(1, BUSINESS_MESSAGES.businessName)
    .max(120, BUSINESS_MESSAGES.businessNameTooLong)
    .optional(),
  abn: abnField.optional(),
  gstRegistered: z.boolean().optional(),
  publicProfile: z.boolean({ error: "Choose whether to show your public profile" }).optional(),
  address: z.preprocess(blankToNull, z.string().trim().max(300, BUSINESS_MESSAGES.addressTooLong).nullish()),
  invoicePrefix: z
    .string({ error: BUSINESS_MESSAGES.invoicePrefix })
    .trim()
    .regex(/^[A-Za-z]{1,6}$/, BUSINESS_MESSAGES.invoicePrefix)
    .transform((v) => v.toUpperCase())
    .optional(),
  paymentTermsDays: z
    .number({ error: BUSINESS_MESSAGES.paymentTerms })
    .int(BUSINESS_MESSAGES.paymentTerms)
    .min(0, BUSINESS_MESSAGES.paymentTerms)
    .max(MAX_PAYMENT_TERMS_DAYS, BUSINESS_MESSAGES.paymentTerms)
    .optional(),
  bankBsb: z.preprocess(
    blankToNull,
    z
      .string({ error: BUSINESS_MESSAGES.bsb })
      .transform((v) => v.replace(/[\s-]/g, ""))
      .refine((v) => /^\d{6}$/.test(v), BUSINESS_MESSAGES.bsb)
      .nullish(),
  ),
  bankAccount: z.preprocess(
    blankToNull,
    z
      .string({ error: BUSINESS_MESSAGES.account })
      .transform((v) => v.replace(/[\s-]/g, ""))
      .refine((v) => /^\d{4,10}$/.test(v), BUSINESS_MESSAGES.account)
      .nullish(),
  ),
});
export type BusinessDetailsUpdate = z.input<typeof businessDetailsUpdate>;

/** "062000" -> "062-000", as banks print a BSB. */
export const formatBsb = (bsb: string) => bsb.replace(/^(\d{3})(\d{3})$/, "$1-$2");
