// The dashboard's tabs and the stages a job can be moved to, without Zod: the dashboard's first
// load reads them (docs/decisions/118-zod-out-of-the-dashboards-first-load.md).
import { SALES_STAGE_LABELS } from "./labels";

/** Stages offered in the dropdown (the template's picked_up/delivered stay out). */
export const SELECTABLE_STAGES = ["purchased", "called", "quote_sent", "quote_accepted", "booked_in", "invoice_paid", "declined"] as const;

/** The dashboard's tabs in the order of docs/product.md section 2; "available" and "purchase_history" are not stages. */
export const PIPELINE_TABS = [
  { value: "available", label: "Leads" },
  ...SELECTABLE_STAGES.map((value) => ({ value, label: SALES_STAGE_LABELS[value] })),
  { value: "purchase_history", label: "Purchase History" },
] as const;
