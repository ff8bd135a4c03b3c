// Bad-lead reports (docs/product.md section 11: "a bad lead is replaced"): a provider
// reports a purchased lead within 7 days; the operator approves (refund or credit) or rejects.
// docs/decisions/013-bad-lead-refunds.md has the rules.
import { z } from "zod";
import { BAD_LEAD_MESSAGES } from "./bad-lead-messages";
import { toCents } from "./pricing";

export const BAD_LEAD_REASONS = ["wrong_number", "not_a_real_job", "outside_service_area", "duplicate", "other"] as const;
export type BadLeadReason = (typeof BAD_LEAD_REASONS)[number];

export const REPORT_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Reports are accepted for this long after the purchase. */
export const REPORT_WINDOW_DAYS = 7;
export const REPORT_WINDOW_MS = REPORT_WINDOW_DAYS * 24 * 60 * 60 * 1000;

export const reportBadLeadRequest = z
  .object({
    reason: z.enum(BAD_LEAD_REASONS, { error: BAD_LEAD_MESSAGES.reason }),
    details: z
      .string()
      .trim()
      .max(1000, BAD_LEAD_MESSAGES.detailsTooLong)
      .nullish()
      .transform((v) => v || null),
  })
  .refine((v) => v.reason !== "other" || !!v.details, { message: BAD_LEAD_MESSAGES.detailsRequired, path: ["details"] });
export type ReportBadLeadRequest = z.input<typeof reportBadLeadRequest>;

/** GET /api/bad-lead-reports/mine: what the provider's card shows. */
export interface MyBadLeadReport {
  id: number;
  purchaseId: number;
  reason: BadLeadReason;
  details: string | null;
  status: ReportStatus;
  adminNote: string | null;
  decidedAt: string | null;
  refundAmount: string | null;
  createdAt: string;
}

/**
 * Why a purchase can never be reported, or null when it can (docs/decisions/032):
 * a report asks for the lead price back, so a provider's own job and a lead taken for $0 (a
 * free claim at the end of the auction, or the super admin's claim) have nothing to report.
 * The card hides the button and the server refuses, both by this rule.
 */
export function reportRefusal(purchase: { amountPaid: string; leadSource: string }): string | null {
  if (purchase.leadSource === "provider_manual") return BAD_LEAD_MESSAGES.ownJob;
  if (toCents(purchase.amountPaid) === 0) return BAD_LEAD_MESSAGES.nothingPaid;
  return null;
}

/** True while a purchase made at `purchasedAt` may still be reported. */
export function withinReportWindow(purchasedAt: string | Date, now: Date): boolean {
  return now.getTime() - new Date(purchasedAt).getTime() <= REPORT_WINDOW_MS;
}
