// The electrician's return, summed (docs/decisions/067-insights.md): pure, from the rows the
// repo read. Money in whole cents throughout, so every total equals the rows behind it.
import { divideHalfUp } from "../../../shared/gst";
import { DECLINE_REASONS, type DeclineReason } from "../../../shared/pipeline-jobs";
import { costPerWonJobCents, median, returnOnSpend, weekStartOf, type DeclineReasonCounts, type InsightsJob } from "../../../shared/insights";
import { fromCents } from "../../../shared/pricing";
import { sydneyDayKey } from "../../../shared/sydney-time";
import type { JobRow, PaymentRow } from "./repo";

const cents = (amount: string | null | undefined) => (amount == null ? 0 : Math.round(Number(amount) * 100));

/** What the lead cost: the price paid (after any discount) less its refund; a refunded purchase without a refund row gave it all back. */
export function leadCostCents(row: Pick<JobRow, "amountPaid" | "paymentStatus" | "refundAmount">): number {
  const paid = cents(row.amountPaid);
  const refunded = row.refundAmount != null ? cents(row.refundAmount) : row.paymentStatus === "refunded" ? paid : 0;
  return Math.max(0, paid - refunded);
}

/**
 * A payment's revenue: what stays received (amount less its refunds), ex-GST pro rata by the
 * document it paid: kept x subtotal / total, half up to the cent. A document without GST (the
 * electrician not registered) keeps it whole; so does a payment with no document.
 */
export function paymentRevenueCents(payment: Pick<PaymentRow, "amount" | "refunded" | "documentSubtotal" | "documentTotal">): number {
  const kept = Math.max(0, cents(payment.amount) - cents(payment.refunded));
  const total = cents(payment.documentTotal);
  const subtotal = cents(payment.documentSubtotal);
  if (payment.documentTotal == null || total <= 0 || subtotal >= total) return kept;
  return Number(divideHalfUp(BigInt(kept) * BigInt(subtotal), BigInt(total)));
}

/**
 * A job run without our documents: the amount typed on its card at Paid (shared/job-paid.ts),
 * kept whole like a payment with no document, as nothing says what GST it held.
 */
export function typedRevenueCents(row: Pick<JobRow, "hasQuote" | "hasLiveInvoice" | "customerPaymentAmount">): number {
  if (row.hasQuote || row.hasLiveInvoice || row.customerPaymentAmount == null) return 0;
  return cents(row.customerPaymentAmount);
}

const reachedAny = (...stamps: Array<Date | null>) => stamps.some((s) => s != null);

/** How far a job went: each step counts when the job reached it or any later one, so the funnel never widens. */
export function jobProgress(row: JobRow) {
  const paid = reachedAny(row.invoicePaidAt) || row.salesStage === "invoice_paid";
  const booked = paid || reachedAny(row.bookedInAt, row.pickedUpAt, row.deliveredAt) || ["booked_in", "picked_up", "delivered"].includes(row.salesStage);
  const accepted = booked || row.quoteAccepted || reachedAny(row.quoteAcceptedAt) || row.salesStage === "quote_accepted";
  const quoted = accepted || row.hasQuote || reachedAny(row.quoteSentAt) || row.salesStage === "quote_sent";
  const contacted = quoted || reachedAny(row.firstContactAt, row.calledAt) || row.salesStage === "called";
  return { contacted, quoted, accepted, booked, paid, declined: row.salesStage === "declined" };
}

const minutesBetween = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000));

/** A job row for the screen and the CSV. */
export function toInsightsJob(row: JobRow, revenueCents: number): InsightsJob {
  const progress = jobProgress(row);
  return {
    purchaseId: row.purchaseId,
    jobReference: row.jobReference,
    serviceType: row.serviceType,
    suburb: row.suburb,
    purchasedAt: row.purchasedAt.toISOString(),
    cost: fromCents(leadCostCents(row)),
    revenue: fromCents(revenueCents),
    ...progress,
    declineReason: progress.declined ? declineReasonOf(row.declineReason) : null,
    minutesToContact: row.firstContactAt ? minutesBetween(row.purchasedAt, row.firstContactAt) : null,
  };
}

/** A reason outside today's list (an old row) counts as Other. */
const declineReasonOf = (reason: string | null): DeclineReason =>
  (DECLINE_REASONS as readonly string[]).includes(reason ?? "") ? (reason as DeclineReason) : "other";

export interface Figures {
  leadsBought: number;
  spendCents: number;
  contacted: number;
  quoted: number;
  accepted: number;
  booked: number;
  paid: number;
  declined: number;
  declineReasons: DeclineReasonCounts;
  revenueCents: number;
  /** "Won" is accepted or later (docs/decisions/067): the customer said yes. */
  won: number;
  returnOnSpend: number | null;
  costPerWonJobCents: number | null;
  medianMinutesToContact: number | null;
  jobs: InsightsJob[];
  weeks: Array<{ weekStart: string; spendCents: number; revenueCents: number }>;
}

/** The figures of one set of jobs: one electrician's business, or one team member's jobs. */
export function figuresOf(jobRows: readonly JobRow[], paymentRows: readonly PaymentRow[]): Figures {
  const revenueByJob = new Map<number, number>();
  for (const payment of paymentRows) revenueByJob.set(payment.purchaseId, (revenueByJob.get(payment.purchaseId) ?? 0) + paymentRevenueCents(payment));
  const jobs = jobRows.map((row) => toInsightsJob(row, revenueByJob.get(row.purchaseId) ?? typedRevenueCents(row)));
  const declineReasons = Object.fromEntries(DECLINE_REASONS.map((r) => [r, 0])) as DeclineReasonCounts;
  const weeks = new Map<string, { weekStart: string; spendCents: number; revenueCents: number }>();
  let spendCents = 0;
  let revenueCents = 0;
  jobs.forEach((job) => {
    const cost = cents(job.cost);
    const revenue = cents(job.revenue);
    spendCents += cost;
    revenueCents += revenue;
    if (job.declineReason) declineReasons[job.declineReason] += 1;
    const weekStart = weekStartOf(sydneyDayKey(job.purchasedAt));
    const week = weeks.get(weekStart) ?? { weekStart, spendCents: 0, revenueCents: 0 };
    week.spendCents += cost;
    week.revenueCents += revenue;
    weeks.set(weekStart, week);
  });
  const count = (step: keyof Pick<InsightsJob, "contacted" | "quoted" | "accepted" | "booked" | "paid" | "declined">) => jobs.filter((j) => j[step]).length;
  const won = count("accepted");
  const contactMinutes = jobs.flatMap((j) => (j.minutesToContact === null ? [] : [j.minutesToContact]));
  const medianMinutes = median(contactMinutes);
  return {
    leadsBought: jobs.length,
    spendCents,
    contacted: count("contacted"),
    quoted: count("quoted"),
    accepted: won,
    booked: count("booked"),
    paid: count("paid"),
    declined: count("declined"),
    declineReasons,
    revenueCents,
    won,
    returnOnSpend: returnOnSpend(revenueCents, spendCents),
    costPerWonJobCents: costPerWonJobCents(spendCents, won),
    medianMinutesToContact: medianMinutes === null ? null : Math.round(medianMinutes),
    jobs,
    weeks: [...weeks.values()].sort((a, b) => a.weekStart.localeCompare(b.weekStart)),
  };
}
