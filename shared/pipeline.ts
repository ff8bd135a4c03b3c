// The provider CRM (docs/decisions/012): stages, their timestamps, and the request bodies that change them.
import { z } from "zod";
import { recordIdParam } from "./ids";
import {
  JOB_BUDGET_RANGES,
  JOB_PROPERTY_TYPES,
  JOB_SERVICE_TYPES,
  MANUAL_URGENCIES,
  QUOTE_BUDGET_RANGES,
  QUOTE_PROPERTY_TYPES,
  QUOTE_SERVICE_TYPES,
  QUOTE_URGENCIES,
  SALES_STAGES,
  type SalesStage,
} from "./enums";
import { SELECTABLE_STAGES } from "./pipeline-tabs";
import { quoteRequestSchema } from "./leads";
import { DECLINE_REASON_REQUIRED, declineReasonInput, followUpInput, jobStartsAtInput, versionInput } from "./pipeline-jobs";
import { PHONE_IMPLAUSIBLE_MESSAGE } from "./phone";
import { australianPhone } from "./phone-field";
import { MAX_STORED_CENTS, MONEY_TOO_LARGE, toCents } from "./pricing";

/**
 * The dropdown's options for a purchase in `current`: an old row in picked_up/delivered shows
 * its own stage as a disabled option, so the select never silently shows another stage.
 */
export function stageOptions(current: string): Array<{ value: string; disabled: boolean }> {
  const options = SELECTABLE_STAGES.map((value) => ({ value: value as string, disabled: false }));
  return (SELECTABLE_STAGES as readonly string[]).includes(current) ? options : [{ value: current, disabled: true }, ...options];
}

/** Entering a stage stamps its column the first time (docs/product.md section 3, lead_purchases). */
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

/** Old clients send accepted_lead; docs/product.md section 3 says it means purchased. */
const stageValue = z.preprocess((v) => (v === "accepted_lead" ? "purchased" : v), z.enum(SALES_STAGES, { error: "Choose a valid sales stage" }));

/** Dollars for a numeric(10,2) column: the format first, then what the column holds. */
const moneyText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === undefined ? undefined : v === null || String(v).trim() === "" ? null : String(v).trim()))
  .refine((v) => v == null || /^\d+(\.\d{1,2})?$/.test(v), "Enter an amount of 0 or more, with at most 2 decimals")
  .refine((v) => v == null || !/^\d+(\.\d{1,2})?$/.test(v) || toCents(v) <= MAX_STORED_CENTS, MONEY_TOO_LARGE);

export const salesStageUpdate = z
  .object({
    salesStage: stageValue.optional(),
    salesNotes: z.string().max(5000, "Notes are limited to 5000 characters").nullish(),
    customerPaymentAmount: moneyText,
    quotePrice: moneyText,
    // Pipeline work (docs/decisions/031): the job's booking, follow-up and decline reason, and the
    // version the typed values were based on.
    version: versionInput,
    jobStartsAt: jobStartsAtInput,
    followUpOn: followUpInput,
    declineReason: declineReasonInput,
    declineNote: z.string().trim().max(300, "Keep the reason under 300 characters").nullish(),
    // The stage the mover saw (docs/decisions/084-undo-a-stage-move.md): a move from another stage,
    // a teammate's move since, is refused with 409 as a stale version is. A stage move alone does
    // not change the version, so the version cannot tell.
    fromStage: stageValue.optional(),
  })
  // Moving a job to Declined asks why (docs/decisions/031), so the reason comes with the move.
  .refine((u) => u.salesStage !== "declined" || !!u.declineReason, { message: DECLINE_REASON_REQUIRED, path: ["declineReason"] });
export type SalesStageUpdate = z.input<typeof salesStageUpdate>;

export const purchaseIdParam = recordIdParam;

/** docs/product.md section 5 wants 'Phone number is required' for a number that is too short. */
const jobPhone = australianPhone({ tooShort: "Phone number is required", implausible: PHONE_IMPLAUSIBLE_MESSAGE });

/** Values a lead may hold: the quote form's and the edit form's sets (and old manual urgencies). */
const STORED_SERVICE_TYPES = [...new Set([...JOB_SERVICE_TYPES, ...QUOTE_SERVICE_TYPES])] as [string, ...string[]];
const STORED_PROPERTY_TYPES = [...new Set([...JOB_PROPERTY_TYPES, ...QUOTE_PROPERTY_TYPES])] as [string, ...string[]];
const STORED_BUDGET_RANGES = [...new Set([...JOB_BUDGET_RANGES, ...QUOTE_BUDGET_RANGES])] as [string, ...string[]];
const STORED_URGENCIES = [...new Set([...QUOTE_URGENCIES, ...MANUAL_URGENCIES])] as [string, ...string[]];

export const EDIT_JOB_CHOICE_MESSAGES: Record<EditJobChoiceField, string> = {
  serviceType: "Choose a service type",
  propertyType: "Choose a property type",
  budgetRange: "Choose a budget range",
  urgency: "Choose how urgent the work is",
};

/** The edit form's choices for a field (docs/product.md section 3, edit job) and what it offers per field. */
export const EDIT_JOB_CHOICES = {
  serviceType: JOB_SERVICE_TYPES,
  propertyType: JOB_PROPERTY_TYPES,
  budgetRange: JOB_BUDGET_RANGES,
  urgency: QUOTE_URGENCIES,
} as const;
export type EditJobChoiceField = keyof typeof EDIT_JOB_CHOICES;

/**
 * The options for a choice field: the edit-job set plus the lead's stored value when it is
 * not one of them (a quote's `unsure` budget). Saving an untouched form then keeps the value;
 * the server accepts exactly these options (docs/decisions/018-pipeline-audit-and-edits.md).
 */
export function editJobOptions(field: EditJobChoiceField, stored: string | null | undefined): string[] {
  const values: string[] = [...EDIT_JOB_CHOICES[field]];
  return stored && !values.includes(stored) ? [stored, ...values] : values;
}

/** Blank clears a field; a field left out of the request stays as it is. */
const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v || null);
const editableText = (max: number, message: string) => z.string().trim().max(max, message).nullish().transform(blankToNull);

// docs/product.md section 5 "Edit job details": name and phone required, email valid or empty, rest optional.
// Choice fields parse against what a lead may hold; the service narrows them with editJobOptions.
export const editJobDetails = z.object({
  customerName: z.string().trim().min(1, "Customer name is required").max(120),
  customerPhone: jobPhone,
  customerEmail: z
    .union([z.literal(""), z.email("Valid email required")])
    .nullish()
    .transform(blankToNull),
  customerAddress: editableText(300, "Address is too long"),
  serviceLocation: z.string().trim().min(1, "Service location is required").max(300).optional(),
  electricalWork: z.string().trim().min(1, "Describe the work").max(5000).optional(),
  serviceType: z.enum(STORED_SERVICE_TYPES, { error: EDIT_JOB_CHOICE_MESSAGES.serviceType }).optional(),
  propertyType: z.enum(STORED_PROPERTY_TYPES, { error: EDIT_JOB_CHOICE_MESSAGES.propertyType }).optional(),
  budgetRange: z.enum(STORED_BUDGET_RANGES, { error: EDIT_JOB_CHOICE_MESSAGES.budgetRange }).optional(),
  urgency: z.enum(STORED_URGENCIES, { error: EDIT_JOB_CHOICE_MESSAGES.urgency }).optional(),
  specialRequests: editableText(2000, "Please keep notes under 2000 characters"),
  // The job's version the form was opened on: two people editing the details do not
  // silently overwrite each other either (docs/decisions/037-every-job-write-carries-its-version.md).
  version: versionInput,
});
export type EditJobDetails = z.input<typeof editJobDetails>;

// docs/product.md section 11: the manual lead takes the quote fields (no vehicle leftovers).
export const manualLeadRequest = quoteRequestSchema.omit({ website: true, customerPhone: true, photoIds: true }).extend({
  customerPhone: jobPhone,
  customerEmail: z
    .union([z.literal(""), z.email("Valid email is required")])
    .nullish()
    .transform((v) => v || null),
  budgetConcern: z.string().max(50).optional(),
  previousExperience: z.string().max(50).optional(),
});
export type ManualLeadInput = z.input<typeof manualLeadRequest>;
/** POST /api/leads/manual: the lead added, by the reference the provider quotes. */
export const manualLeadResponse = z.object({ id: z.number().int(), jobReference: z.string() });
export type ManualLeadResponse = z.infer<typeof manualLeadResponse>;

/** JSON of a row: dates travel as ISO strings. */
export type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/**
 * GET /api/my-purchased-leads: a purchase with its unlocked lead, its contact promise
 * (docs/decisions/045), its refund row and its "customer unreachable" claim (docs/decisions/049).
 */
export type PurchasedLead = Wire<import("./schema").LeadPurchase> & {
  /** With its photos in full: the buyer's side sees them (docs/decisions/050-photos.md). */
  lead: Wire<import("./schema").Lead> & import("./photos").LeadPhotos;
} & import("./pipeline-contact").PurchaseContact &
  import("./unreachable").PurchaseAftercare & {
    /** The job's quote and invoice on its card, and its quoted, invoiced and paid figures (docs/decisions/051). */
    documents: import("./invoices").DocumentSummary;
    /** The customer's review of the job as the public sees it, or null (docs/decisions/062-review-screens.md). */
    review: import("./reviews").PublicReview | null;
    /** Bought by one of the owner's auto-buy orders (docs/decisions/065-auto-buy-screens.md). */
    autoBought: boolean;
    /** The card's bank disputes the purchase (a chargeback, docs/decisions/093-disputes.md), or null. */
    dispute: import("./disputes").PurchaseDisputeView | null;
    /** The paperwork's clocks (docs/decisions/105-paperwork-on-the-card.md), or null when none runs. */
    paperwork: import("./paperwork").PaperworkSummary | null;
  };

/**
 * GET /api/lead-purchases/:id/history: stage changes (field `salesStage`) and other recorded
 * changes (`purchase_changes`), newest first. `by` is the actor's display name only.
 */
export interface PurchaseHistoryEntry {
  id: string;
  field: string;
  from: string | null;
  to: string | null;
  at: string;
  by: string | null;
}
