// The customer's job page (docs/decisions/044-job-page.md): the token is the only key, and what
// the page shows is safe to forward, since a link can be.
import { contactBy, isEmergencyLead } from "../../../shared/contact-promise";
import type { NotContactedReport } from "../../../shared/job-aftercare";
import { JOB_TEXT_HIDDEN, type JobStatus, type JobView } from "../../../shared/jobs";
import { PHOTO_LIMITS } from "../../../shared/photos";
import type { Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { HIDDEN_IN_TEXT, scrubFreeText } from "../../core/listing";
import { latestReviewOf } from "../../core/operator-reviews";
import { leadPhotosFor, photoIdsByLead } from "../../core/photos";
import { customerActions } from "./actions";
import { attemptCountOf, lastMissedPromiseOf } from "./aftercare-repo";
import { electricianRecordOf, electricianStandingOf } from "../../core/providers";
import { toJobElectrician } from "./electrician";
import { leadOfToken } from "../../core/job-links";
import { jobProgress, type JobProgress } from "./progress";
import { buyerOf, contactTimesOf, livePurchaseOf } from "./view-repo";

/**
 * The job's quote and invoices as the customer sees them (server/features/documents, wired by server/app.ts
 * so this feature does not import that one): docs/decisions/051-quotes-and-tax-invoices.md.
 */
export type JobDocumentsReader = (
  db: Db,
  lead: Lead,
  purchaseId: number | null,
  token: string,
  now: Date,
) => Promise<{ quote: JobView["quote"]; invoices: JobView["invoices"]; quoteOpen: boolean; payOpen: boolean }>;

/**
 * The job's review (server/features/reviews, wired by server/app.ts): whether one may be written or the
 * customer's own edited now, and that review (docs/decisions/058-reviews.md).
 */
export type JobReviewReader = (db: Db, lead: Lead, now: Date) => Promise<{ open: boolean; review: JobView["review"] }>;

/**
 * The job's booking (server/features/bookings, wired by server/app.ts): the windows offered, the
 * booked window, and whether a pick or a move is open now (docs/decisions/102-booking-windows.md).
 */
export type JobBookingReader = (db: Db, lead: Lead, now: Date) => Promise<{ booking: JobView["booking"]; windowsOpen: boolean; movable: boolean }>;

/** The job's issued certificates (server/features/paperwork, wired by server/app.ts; docs/decisions/105-paperwork-on-the-card.md). */
export type JobCertificatesReader = (db: Db, lead: Lead) => Promise<JobView["certificates"]>;

export interface JobViewDeps {
  db: Db;
  now: () => Date;
  /** CONTACT_PROMISE_MINUTES (docs/decisions/045-contact-promise.md). */
  promiseMinutes: number;
  /** Without it (a test of the page alone), the page shows no documents. */
  documents?: JobDocumentsReader;
  /** Without it (a test of the page alone), the page offers no review. */
  reviews?: JobReviewReader;
  /** Without it (a test of the page alone), the page shows no booking. */
  bookings?: JobBookingReader;
  /** Without it (a test of the page alone), the page lists no certificates. */
  certificates?: JobCertificatesReader;
}

const NO_DOCUMENTS = { quote: null, invoices: [], quoteOpen: false, payOpen: false };

/** The request's status and timeline, and its live purchase (null while on sale). */
export async function progressOf(db: Db, lead: Lead): Promise<JobProgress & { sale: Awaited<ReturnType<typeof livePurchaseOf>> }> {
  const sale = await livePurchaseOf(db, lead.id);
  const contact = sale ? await contactTimesOf(db, sale.id) : null;
  return { ...jobProgress(lead, sale && contact ? { ...sale, ...contact } : null), sale };
}

/** The description with every contact detail masked as the market masks it, marked for the customer. */
const safeDescription = (lead: Lead) => scrubFreeText(lead.electricalWork, lead).replaceAll(HIDDEN_IN_TEXT, JOB_TEXT_HIDDEN);

export async function jobView(deps: JobViewDeps, token: string): Promise<JobView | null> {
  const lead = await leadOfToken(deps.db, token);
  return lead && jobViewOf(deps, lead, token);
}

/** The promise of a live purchase of this lead (docs/decisions/045-contact-promise.md). */
export const promiseOfSale = (sale: { purchasedAt: Date }, lead: Lead, promiseMinutes: number) =>
  contactBy({ purchasedAt: sale.purchasedAt, state: lead.state, emergency: isEmergencyLead(lead), promiseMinutes });

/** The page of a lead the token opened: its status, the buyer, the promise and what the customer may do now. */
export async function jobViewOf(deps: JobViewDeps, lead: Lead, token: string): Promise<JobView> {
  const { status, timeline, sale } = await progressOf(deps.db, lead);
  let electrician: JobView["electrician"] = null;
  if (sale) {
    const buyer = await buyerOf(deps.db, sale.buyerId);
    if (buyer) {
      const record = await electricianRecordOf(deps.db, sale.buyerId, deps.now());
      // Their public profile and real rating (docs/decisions/060-public-profiles.md).
      electrician = { ...toJobElectrician(buyer, record), ...(await electricianStandingOf(deps.db, sale.buyerId)) };
    }
  }
  const promise = sale ? promiseOfSale(sale, lead, deps.promiseMinutes) : null;
  const attempts = sale ? await attemptCountOf(deps.db, sale.id) : 0;
  const unreachableClaimOpen = Boolean(sale?.unreachableClaimedAt && !sale.unreachableSettledAt);
  const photos = leadPhotosFor((await photoIdsByLead(deps.db, [lead.id])).get(lead.id) ?? [], { kind: "customer", token });
  const documents = deps.documents ? await deps.documents(deps.db, lead, sale?.id ?? null, token, deps.now()) : NO_DOCUMENTS;
  const reviewState = deps.reviews ? await deps.reviews(deps.db, lead, deps.now()) : { open: false, review: null };
  const bookingState = deps.bookings ? await deps.bookings(deps.db, lead, deps.now()) : { booking: null, windowsOpen: false, movable: false };
  const actions = customerActions({
    status,
    sale: sale && { salesStage: sale.salesStage, attempts, contactBy: promise!, unreachableClaimOpen },
    photoRoom: photos.photoCount < PHOTO_LIMITS.perRequest,
    quoteOpen: documents.quoteOpen,
    payOpen: documents.payOpen,
    reviewOpen: reviewState.open,
    windowsOpen: bookingState.windowsOpen,
    bookingMovable: bookingState.movable,
    now: deps.now(),
  });
  return {
    jobReference: lead.jobReference,
    status,
    submittedAt: lead.createdAt.toISOString(),
    serviceType: lead.serviceType,
    suburb: lead.suburb,
    state: lead.state,
    postcode: lead.postcode,
    electricalWork: safeDescription(lead),
    electrician,
    contactBy: promise?.toISOString() ?? null,
    timeline: timeline.map((step) => ({ status: step.status, at: step.at.toISOString() })),
    // What the customer may do now (docs/product.md section 14; docs/decisions/049, 050).
    actions,
    notContacted: await notContactedReportOf(deps.db, lead, status, sale?.id ?? null),
    closure: lead.closedByCustomerAt && lead.closeReason ? { at: lead.closedByCustomerAt.toISOString(), reason: lead.closeReason } : null,
    ...photos,
    quote: documents.quote,
    invoices: documents.invoices,
    review: reviewState.review,
    booking: bookingState.booking,
    certificates: deps.certificates ? await deps.certificates(deps.db, lead) : [],
  };
}

/**
 * What came of the customer's "No one has contacted me", while it is still the news: the case
 * on the live purchase (attempts were logged, the operator looks), or, while the request is
 * back on sale, the release of the buyer who missed the promise.
 */
async function notContactedReportOf(db: Db, lead: Lead, status: JobStatus, liveSaleId: number | null): Promise<NotContactedReport | null> {
  if (liveSaleId !== null) {
    const review = await latestReviewOf(db, liveSaleId, "not_contacted");
    if (!review) return null;
    const outcome = review.status === "open" ? "reviewing" : review.status;
    return { outcome, at: (review.decidedAt ?? review.createdAt).toISOString() };
  }
  if (status !== "finding") return null;
  const releasedAt = await lastMissedPromiseOf(db, lead.id);
  return releasedAt && { outcome: "relisted", at: releasedAt.toISOString() };
}
