// The provider CRM (issue 6): stages, their timestamps, and the request bodies that change them.
import { z } from "zod";
import { JOB_BUDGET_RANGES, JOB_PROPERTY_TYPES, JOB_SERVICE_TYPES, QUOTE_URGENCIES, SALES_STAGES, type SalesStage } from "./enums";
import { optionalText, quoteRequestSchema } from "./leads";

/** The dashboard's tabs in SPEC.md's order; "available" and "purchase_history" are not stages. */
export const PIPELINE_TABS = [
  { value: "available", label: "Leads" },
  { value: "purchased", label: "Purchased" },
  { value: "called", label: "Called" },
  { value: "quote_sent", label: "Quoted" },
  { value: "quote_accepted", label: "Quote Accepted" },
  { value: "booked_in", label: "Booked In" },
  { value: "invoice_paid", label: "Paid" },
  { value: "declined", label: "Declined" },
  { value: "purchase_history", label: "Purchase History" },
] as const;
export type PipelineTab = (typeof PIPELINE_TABS)[number]["value"];

/** Stages offered in the dropdown (the template's picked_up/delivered stay out). */
export const SELECTABLE_STAGES = ["purchased", "called", "quote_sent", "quote_accepted", "booked_in", "invoice_paid", "declined"] as const;

/** Entering a stage stamps its column the first time (SPEC.md section 3, lead_purchases). */
export const STAGE_TIMESTAMP = {
  called: "calledAt",
  quote_sent: "quoteSentAt",
  quote_accepted: "quoteAcceptedAt",
  booked_in: "bookedInAt",
  invoice_paid: "invoicePaidAt",
  declined: "declinedAt",
  picked_up: "pickedUpAt",
  delivered: "deliveredAt",
} as const satisfies Partial<Record<SalesStage, string>>;

/** Old clients send accepted_lead; SPEC.md says it means purchased. */
const stageValue = z.preprocess((v) => (v === "accepted_lead" ? "purchased" : v), z.enum(SALES_STAGES, { error: "Choose a valid sales stage" }));

const moneyText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === undefined ? undefined : v === null || String(v).trim() === "" ? null : String(v).trim()))
  .refine((v) => v === undefined || v === null || (/^\d{1,8}(\.\d{1,2})?$/.test(v) && Number(v) >= 0), "Enter an amount of 0 or more, with at most 2 decimals");

export const salesStageUpdate = z.object({
  salesStage: stageValue.optional(),
  salesNotes: z.string().max(5000, "Notes are limited to 5000 characters").nullish(),
  customerPaymentAmount: moneyText,
  quotePrice: moneyText,
});
export type SalesStageUpdate = z.input<typeof salesStageUpdate>;

export const purchaseIdParam = z.object({ id: z.coerce.number().int().positive("Unknown purchase") });

// SPEC.md section 5 "Edit job details": name and phone required, email valid or empty, rest optional.
export const editJobDetails = z.object({
  customerName: z.string().trim().min(1, "Customer name is required").max(120),
  customerPhone: z.string().trim().min(10, "Phone number is required").max(30),
  customerEmail: z.union([z.literal(""), z.email("Valid email required")]).nullish().transform((v) => v || null),
  customerAddress: optionalText(300, "Address is too long"),
  serviceLocation: z.string().trim().min(1, "Service location is required").max(300).optional(),
  electricalWork: z.string().trim().min(1, "Describe the work").max(5000).optional(),
  serviceType: z.enum(JOB_SERVICE_TYPES, { error: "Choose a service type" }).optional(),
  propertyType: z.enum(JOB_PROPERTY_TYPES, { error: "Choose a property type" }).optional(),
  budgetRange: z.enum(JOB_BUDGET_RANGES, { error: "Choose a budget range" }).optional(),
  urgency: z.enum(QUOTE_URGENCIES, { error: "Choose how urgent the work is" }).optional(),
  specialRequests: optionalText(2000, "Please keep notes under 2000 characters"),
});
export type EditJobDetails = z.input<typeof editJobDetails>;

// DESIGN.md section 5: the manual lead takes the quote fields (no vehicle leftovers).
export const manualLeadRequest = quoteRequestSchema.omit({ website: true, customerPhone: true }).extend({
  customerPhone: z.string().trim().min(10, "Phone number is required").max(30),
  customerEmail: z.union([z.literal(""), z.email("Valid email is required")]).nullish().transform((v) => v || null),
  budgetConcern: z.string().max(50).optional(),
  previousExperience: z.string().max(50).optional(),
});
export type ManualLeadInput = z.input<typeof manualLeadRequest>;

export const PIPELINE_MESSAGES = {
  notFound: "Purchase not found",
  teamCannot: "Team members cannot do that. Ask your account owner.",
} as const;

/** JSON of a row: dates travel as ISO strings. */
export type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** GET /api/my-purchased-leads: a purchase with its unlocked lead. */
export type PurchasedLead = Wire<import("./schema").LeadPurchase> & { lead: Wire<import("./schema").Lead> };
