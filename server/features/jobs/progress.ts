// Where a customer's request stands (docs/decisions/044-job-page.md): the buyer's pipeline told
// in the customer's words. Pure: the facts come from view-repo.ts, the rules are here.
import type { SalesStage } from "../../../shared/enums";
import type { JobStatus } from "../../../shared/jobs";

/** Each sales stage as the customer's status; picked_up and delivered (template leftovers) read as booked. */
const STATUS_OF_STAGE: Record<SalesStage, JobStatus> = {
  purchased: "matched",
  called: "contacted",
  quote_sent: "quoted",
  quote_accepted: "accepted",
  booked_in: "booked",
  invoice_paid: "paid",
  declined: "closed",
  picked_up: "booked",
  delivered: "booked",
};

export interface LeadFacts {
  createdAt: Date;
  isArchived: boolean;
  archivedAt: Date | null;
  updatedAt: Date;
  /** The customer closed the request from the job page (docs/decisions/049). */
  closedByCustomerAt?: Date | null;
}

/** The live purchase (released_at null) and when the buyer first reached the customer. */
export interface SaleFacts {
  purchasedAt: Date;
  salesStage: SalesStage;
  calledAt: Date | null;
  quoteSentAt: Date | null;
  quoteAcceptedAt: Date | null;
  bookedInAt: Date | null;
  invoicePaidAt: Date | null;
  declinedAt: Date | null;
  isArchived: boolean;
  archivedAt: Date | null;
  refundedAt: Date | null;
  updatedAt: Date;
  /** The first contact attempt whose outcome was `reached`. */
  firstReachedAt: Date | null;
  /** The first move (sales_stage_history) to Called or later. */
  firstCalledOrLaterAt: Date | null;
}

export interface JobProgress {
  status: JobStatus;
  timeline: Array<{ status: JobStatus; at: Date }>;
}

const earliest = (...times: Array<Date | null>) =>
  times.filter((t): t is Date => t !== null).reduce<Date | null>((first, t) => (first === null || t < first ? t : first), null);

const rank = (status: JobStatus) => ORDER.indexOf(status);
const ORDER: JobStatus[] = ["finding", "matched", "contacted", "quoted", "accepted", "booked", "paid", "closed"];

/**
 * The status and its timeline. With no live purchase the request is on sale (`finding`), or
 * `closed` when archived. A sold request's status follows the stage; `matched` becomes
 * `contacted` on a reached attempt; a declined, archived or refunded purchase, or a request
 * its customer closed, is `closed`.
 * The timeline lists, in the statuses' order, the steps that happened up to the status now
 * (a stage moved back does not keep its later steps), and `closed` last when closed.
 */
export function jobProgress(lead: LeadFacts, sale: SaleFacts | null): JobProgress {
  const finding = { status: "finding" as const, at: lead.createdAt };
  const closedByCustomer = lead.closedByCustomerAt ?? null;
  if (!sale) {
    if (!lead.isArchived && !closedByCustomer) return { status: "finding", timeline: [finding] };
    return { status: "closed", timeline: [finding, { status: "closed", at: closedByCustomer ?? lead.archivedAt ?? lead.updatedAt }] };
  }
  const declined = sale.salesStage === "declined";
  const closed = declined || sale.isArchived || sale.refundedAt !== null || closedByCustomer !== null;
  let status = STATUS_OF_STAGE[sale.salesStage];
  if (status === "matched" && sale.firstReachedAt) status = "contacted";
  if (closed) status = "closed";

  const steps: Array<{ status: JobStatus; at: Date | null }> = [
    { status: "matched", at: sale.purchasedAt },
    { status: "contacted", at: earliest(sale.firstReachedAt, sale.calledAt, sale.firstCalledOrLaterAt) },
    { status: "quoted", at: sale.quoteSentAt },
    { status: "accepted", at: sale.quoteAcceptedAt },
    { status: "booked", at: sale.bookedInAt },
    { status: "paid", at: sale.invoicePaidAt },
  ];
  const timeline = [finding, ...steps.filter((s): s is { status: JobStatus; at: Date } => s.at !== null && rank(s.status) <= rank(status))];
  if (closed) {
    const closedAt = earliest(declined ? sale.declinedAt : null, sale.isArchived ? sale.archivedAt : null, sale.refundedAt, closedByCustomer) ?? sale.updatedAt;
    timeline.push({ status: "closed", at: closedAt });
  }
  return { status, timeline };
}
