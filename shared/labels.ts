// What people read for each stored value, one label per value of each enumeration (docs/product.md
// section 3). Every map is typed against its enumeration, so a value added there fails the
// type-check here until it has words. Where the quote form and the providers' screens once
// said it differently, the customer's words in the form won.
import type { BadLeadReason, ReportStatus } from "./bad-leads";
import type {
  CALLBACK_STATUSES,
  JOB_BUDGET_RANGES,
  JOB_PROPERTY_TYPES,
  JOB_SERVICE_TYPES,
  LEAD_STATUSES,
  MANUAL_URGENCIES,
  PAYMENT_STATUSES,
  QUOTE_BUDGET_RANGES,
  QUOTE_PROPERTY_TYPES,
  QUOTE_SERVICE_TYPES,
  QUOTE_URGENCIES,
  SalesStage,
  TIMEFRAMES,
  UserType,
} from "./enums";
import { MARKET_PROPERTY_TYPES, MARKET_SERVICE_TYPES, MARKET_URGENCIES } from "./enums";

type ValueOf<T extends readonly string[]> = T[number];

export const ROLE_LABELS: Record<UserType, string> = {
  super_admin: "Super Admin",
  provider: "Provider",
  team_member: "Team Member",
  customer: "Customer",
};

export const SERVICE_TYPE_LABELS: Record<ValueOf<typeof QUOTE_SERVICE_TYPES> | ValueOf<typeof JOB_SERVICE_TYPES>, string> = {
  installation: "Installation",
  repair: "Repair",
  maintenance: "Maintenance",
  emergency: "Emergency",
  upgrade: "Upgrade",
  inspection: "Inspection",
};

export const PROPERTY_TYPE_LABELS: Record<ValueOf<typeof QUOTE_PROPERTY_TYPES> | ValueOf<typeof JOB_PROPERTY_TYPES>, string> = {
  residential: "Residential",
  commercial: "Commercial",
  industrial: "Industrial",
  apartment: "Apartment",
  office: "Office",
  retail: "Retail",
};

export const BUDGET_RANGE_LABELS: Record<ValueOf<typeof QUOTE_BUDGET_RANGES> | ValueOf<typeof JOB_BUDGET_RANGES>, string> = {
  under_500: "Under $500",
  "500_1000": "$500 - $1,000",
  "1000_2500": "$1,000 - $2,500",
  "2500_plus": "$2,500+",
  unsure: "Not sure yet",
  "2500_5000": "$2,500 - $5,000",
  over_5000: "Over $5,000",
  need_quote: "Needs a quote",
};

export const URGENCY_LABELS: Record<ValueOf<typeof QUOTE_URGENCIES> | ValueOf<typeof MANUAL_URGENCIES>, string> = {
  emergency: "Emergency (ASAP)",
  within_24h: "Within 24 hours",
  within_week: "Within a week",
  flexible: "Flexible",
  urgent: "Urgent",
  within_month: "Within a month",
};

/** docs/product.md section 2: 'asap' is explained as within 2-3 days. */
export const TIMEFRAME_LABELS: Record<ValueOf<typeof TIMEFRAMES>, string> = {
  asap: "As soon as possible (within 2-3 days)",
  this_week: "This week",
  this_month: "This month",
  just_pricing: "Just getting prices",
};

/** docs/product.md section 2's pipeline tab names; picked_up/delivered only label old rows. */
export const SALES_STAGE_LABELS: Record<SalesStage, string> = {
  purchased: "Purchased",
  called: "Called",
  quote_sent: "Quoted",
  quote_accepted: "Quote Accepted",
  booked_in: "Booked In",
  invoice_paid: "Paid",
  declined: "Declined",
  picked_up: "Picked up",
  delivered: "Delivered",
};

/** The lead fee's payment, as the export and the history say it (docs/decisions/032). */
export const PAYMENT_STATUS_LABELS: Record<ValueOf<typeof PAYMENT_STATUSES>, string> = {
  pending: "Pending",
  completed: "Paid",
  refunded: "Refunded",
  cancelled: "Cancelled",
};

export const LEAD_STATUS_LABELS: Record<ValueOf<typeof LEAD_STATUSES>, string> = { available: "Available", sold: "Sold" };

export const CALLBACK_STATUS_LABELS: Record<ValueOf<typeof CALLBACK_STATUSES>, string> = {
  pending: "Pending",
  contacted: "Contacted",
  approved: "Approved",
  declined: "Declined",
};

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = { pending: "Pending", approved: "Approved", rejected: "Rejected" };

export const BAD_LEAD_REASON_LABELS: Record<BadLeadReason, string> = {
  wrong_number: "Wrong number",
  not_a_real_job: "Not a real job",
  outside_service_area: "Outside my service area",
  duplicate: "Duplicate lead",
  other: "Other",
};

/** A lead's or purchase's fields whose stored text is one of the enumerations above. */
const BY_FIELD = {
  serviceType: SERVICE_TYPE_LABELS,
  propertyType: PROPERTY_TYPE_LABELS,
  budgetRange: BUDGET_RANGE_LABELS,
  urgency: URGENCY_LABELS,
  timeframe: TIMEFRAME_LABELS,
  salesStage: SALES_STAGE_LABELS,
  paymentStatus: PAYMENT_STATUS_LABELS,
} as const;
export type LabelledField = keyof typeof BY_FIELD;

export const isLabelledField = (field: string): field is LabelledField => Object.hasOwn(BY_FIELD, field);

/**
 * The label of a field's stored value. The columns are free text, so a value no enumeration
 * knows (an old row) still reads as words: "some_value" becomes "Some value".
 */
export function labelOf(field: LabelledField, value: string | null | undefined): string {
  if (!value) return "";
  const labels: Partial<Record<string, string>> = BY_FIELD[field];
  return labels[value] ?? value.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

/** A choice as a screen offers it: the stored value and the words on the cards. */
export interface ChoiceOption<V extends string = string> {
  value: V;
  label: string;
}

/** The field's options for these values, in their order, each with the label the cards show. */
export const choicesOf = <V extends string>(field: LabelledField, values: readonly V[]): ChoiceOption<V>[] =>
  values.map((value) => ({ value, label: labelOf(field, value) }));

/**
 * The choices the market's filter and the auto-buy order form offer: what a lead on the market
 * can carry (shared/enums.ts), in the cards' words (docs/decisions/088-one-list-of-each-choice.md).
 */
export const MARKET_CHOICES = {
  serviceType: choicesOf("serviceType", MARKET_SERVICE_TYPES),
  propertyType: choicesOf("propertyType", MARKET_PROPERTY_TYPES),
  urgency: choicesOf("urgency", MARKET_URGENCIES),
} as const satisfies Partial<Record<LabelledField, ChoiceOption[]>>;

/**
 * The options with any already chosen value they no longer offer after them (an older order's
 * "Urgent", a bookmarked filter's "Inspection"), so it shows, ticked, and can be unticked: a
 * save never drops it unseen.
 */
export function withChosen<V extends string>(field: LabelledField, options: readonly ChoiceOption<V>[], chosen: readonly V[]): ChoiceOption<V>[] {
  const offered = new Set<string>(options.map((o) => o.value));
  return [
    ...options,
    ...choicesOf(
      field,
      chosen.filter((value) => !offered.has(value)),
    ),
  ];
}
