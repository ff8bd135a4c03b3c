// The customer's job page (docs/decisions/044-job-page.md): the token is the only key, and what
// the page shows is safe to forward, since a link can be.
import { contactBy, isEmergencyLead } from "../../shared/contact-promise";
import { JOB_TEXT_HIDDEN, type JobView } from "../../shared/jobs";
import { PHOTO_LIMITS } from "../../shared/photos";
import type { Lead } from "../../shared/schema";
import type { Db } from "../db/client";
import { HIDDEN_IN_TEXT, scrubFreeText } from "../marketplace";
import { leadPhotosFor, photoIdsByLead } from "../photos";
import { MEDIAN_WINDOW_DAYS, toJobElectrician } from "./electrician";
import { isJobTokenShaped, jobTokenHash } from "./job-token";
import { leadByTokenHash } from "./links-repo";
import { jobProgress, type JobProgress } from "./progress";
import { PHOTOS_OPEN } from "./photo-rules";
import { buyerOf, contactMinutesOf, contactTimesOf, jobsCompletedBy, livePurchaseOf } from "./view-repo";

export interface JobViewDeps {
  db: Db;
  now: () => Date;
  /** CONTACT_PROMISE_MINUTES (docs/decisions/045-contact-promise.md). */
  promiseMinutes: number;
}

const DAY_MS = 86_400_000;

/**
 * The lead a token opens, or null. Every token, well-formed or not, is hashed and looked up
 * the same way (one probe of the unique index), so an unknown or tampered token costs what a
 * real one does until the answer; a revoked link and a provider's own job open nothing.
 */
export async function leadOfToken(db: Db, token: string): Promise<Lead | null> {
  const found = await leadByTokenHash(db, jobTokenHash(token));
  if (!found || !isJobTokenShaped(token) || found.revokedAt !== null || found.lead.source === "provider_manual") return null;
  return found.lead;
}

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
  if (!lead) return null;
  const { status, timeline, sale } = await progressOf(deps.db, lead);
  let electrician: JobView["electrician"] = null;
  if (sale) {
    const buyer = await buyerOf(deps.db, sale.buyerId);
    const since = new Date(deps.now().getTime() - MEDIAN_WINDOW_DAYS * DAY_MS);
    if (buyer) {
      const jobsCompleted = await jobsCompletedBy(deps.db, sale.buyerId);
      const contactMinutes = await contactMinutesOf(deps.db, sale.buyerId, since);
      electrician = toJobElectrician(buyer, { jobsCompleted, contactMinutes });
    }
  }
  const photos = leadPhotosFor((await photoIdsByLead(deps.db, [lead.id])).get(lead.id) ?? [], { kind: "customer", token });
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
    contactBy: sale
      ? contactBy({ purchasedAt: sale.purchasedAt, state: lead.state, emergency: isEmergencyLead(lead), promiseMinutes: deps.promiseMinutes }).toISOString()
      : null,
    timeline: timeline.map((step) => ({ status: step.status, at: step.at.toISOString() })),
    // Later features open the customer's actions (docs/product.md section 14).
    actions: PHOTOS_OPEN.includes(status) && photos.photoCount < PHOTO_LIMITS.perRequest ? ["add_photos"] : [],
    ...photos,
  };
}
