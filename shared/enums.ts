// Enumerations from docs/product.md section 3. The quote form and the edit-job form accept
// different sets, so each form gets its own list; the union is what the database may hold.

export const USER_TYPES = ["customer", "provider", "team_member", "super_admin"] as const;
export type UserType = (typeof USER_TYPES)[number];

export const TIMEFRAMES = ["asap", "this_week", "this_month", "just_pricing"] as const;
export const QUOTE_URGENCIES = ["emergency", "within_24h", "within_week", "flexible"] as const;
export const MANUAL_URGENCIES = ["urgent", "within_week", "within_month", "flexible"] as const;
export const QUOTE_SERVICE_TYPES = ["installation", "repair", "maintenance", "emergency", "upgrade"] as const;
export const JOB_SERVICE_TYPES = ["installation", "repair", "maintenance", "inspection", "upgrade", "emergency"] as const;
export const QUOTE_PROPERTY_TYPES = ["residential", "commercial", "industrial"] as const;
export const JOB_PROPERTY_TYPES = ["residential", "commercial", "industrial", "apartment", "office", "retail"] as const;
/**
 * What a lead on the market can carry: both ways onto it, the quote form and the super admin's
 * Add Lead (server/features/pipeline/manual-lead.ts, shared/pipeline.ts manualLeadRequest), parse the quote
 * form's schema, and "Edit job details" writes the buyer's own copy, never the lead. So the
 * market's filter and the auto-buy order offer these (docs/decisions/088-one-list-of-each-choice.md).
 */
export const MARKET_SERVICE_TYPES = [...QUOTE_SERVICE_TYPES] as const;
export const MARKET_PROPERTY_TYPES = [...QUOTE_PROPERTY_TYPES] as const;
export const MARKET_URGENCIES = [...QUOTE_URGENCIES] as const;
/** The wizard asks "Emergency" once, as how urgent the work is, so not as a type of service (decision 088). */
export const WIZARD_SERVICE_TYPES = QUOTE_SERVICE_TYPES.filter((type): type is Exclude<typeof type, "emergency"> => type !== "emergency");
export const QUOTE_BUDGET_RANGES = ["under_500", "500_1000", "1000_2500", "2500_plus", "unsure"] as const;
export const JOB_BUDGET_RANGES = ["under_500", "500_1000", "1000_2500", "2500_5000", "over_5000", "need_quote"] as const;

/** Wire value `invoice_paid` is the "paid" stage; picked_up/delivered are template leftovers kept for old rows. */
export const SALES_STAGES = ["purchased", "called", "quote_sent", "quote_accepted", "booked_in", "invoice_paid", "declined", "picked_up", "delivered"] as const;
export type SalesStage = (typeof SALES_STAGES)[number];

export const LEAD_STATUSES = ["available", "sold"] as const;

export const LEAD_SOURCES = ["quote_form", "admin_manual", "provider_manual"] as const;

export const PAYMENT_STATUSES = ["pending", "completed", "refunded", "cancelled"] as const;
export const DISCOUNT_TYPES = ["percentage", "fixed_amount", "free"] as const;
export const CALLBACK_STATUSES = ["pending", "contacted", "approved", "declined"] as const;
