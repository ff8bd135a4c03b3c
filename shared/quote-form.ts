// What the quote wizard (/get-quote) needs before its first validation: the steps, their
// titles, the defaults and the analytics event. No Zod here: the wizard's page loads these at
// start and its schema (shared/leads.ts) only on first validation (docs/decisions/028).
import { HONEYPOT_FIELD } from "./honeypot";
import type { QuoteRequestInput } from "./leads";

/**
 * docs/product.md section 5 "Step groups": Next validates only these. The photos belong to the
 * first step: a refusal of their ids brings the customer back to it (docs/decisions/050-photos.md).
 * So does the property address, which the wizard fills from the service location typed there
 * (docs/decisions/086-one-promise-one-address-quiet-sign-out.md).
 */
export const QUOTE_STEP_FIELDS = [
  ["serviceLocation", "customerAddress", "electricalWork", "serviceType", "preferredPickupDate", "preferredDropoffDate", "photoIds"],
  ["propertyType", "budgetRange", "hasExistingElectrician"],
  ["urgency", "timeframe"],
  ["customerName", "customerPhone", "specialRequests", "accessNotes"],
] as const satisfies ReadonlyArray<ReadonlyArray<keyof QuoteRequestInput>>;

export const QUOTE_STEP_TITLES = ["Electrical Work Details", "Property & Budget Details", "Scheduling & Urgency", "Your Information"] as const;

/** docs/product.md section 3 "Quote form" defaults; other fields empty. */
export const QUOTE_FORM_DEFAULTS = {
  serviceLocation: "",
  electricalWork: "",
  serviceType: "repair",
  propertyType: "residential",
  budgetRange: "unsure",
  hasExistingElectrician: false,
  urgency: "within_week",
  timeframe: "this_week",
  customerName: "",
  customerPhone: "",
  customerAddress: "",
  specialRequests: "",
  accessNotes: "",
  preferredPickupDate: "",
  preferredDropoffDate: "",
  isFlexibleDates: true,
  [HONEYPOT_FIELD]: "",
} satisfies QuoteRequestInput;

/** The quote wizard's event: only non-personal fields and the description's length. */
export const QUOTE_FORM_EVENT = "electrical_quote_form";
