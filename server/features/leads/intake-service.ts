// The story of a quote request becoming a lead on the marketplace (docs/product.md section 7
// POST /api/leads; docs/product.md sections 10 and 11).
import { QUOTE_MESSAGES, type QuoteRequest } from "../../../shared/leads";
import { startingPriceFor, toCents } from "../../../shared/pricing";
import { leadAlertsOf } from "../../core/alerts";
import type { Db } from "../../platform/db/client";
import { oneStatement } from "../../platform/db/pipelined";
import { leadAddedEventOf, type MarketEvents } from "../../platform/events";
import { AppError } from "../../platform/http/errors";
import { jobLinkWithLead } from "../../core/job-links";
import { attachUploads } from "../../core/photos";
import { resolveSuburb } from "../../core/suburbs";
import { JobReferenceTaken, withFreshJobReference } from "./job-reference";
import { insertLead, isTransaction, recentCompletedSaleAmounts } from "./repo";
import { leadScore } from "./score";

export interface IntakeContext {
  now: Date;
  /** Where a lead going on sale is announced (docs/product.md section 12). */
  events: MarketEvents;
  /** MAX_STARTING_PRICE (docs/product.md section 13), e.g. "400.00". */
  maxStartingPrice: string;
  /** The signed-in user, when there is one: the lead is theirs as a customer. */
  customerId?: number | null;
  /** Injectable for tests; random AE-nnnnnnE by default. */
  newReference?: () => string;
  /** Uploads to attach in the lead's own transaction (docs/decisions/050-photos.md). */
  photoIds?: readonly string[];
  /** PostgreSQL: this turn's pipelined connection, for the lead's statement when it is its own transaction (docs/decisions/128-a-quotes-lead-sent-together.md). */
  pipelined?: () => Db | undefined;
}

export async function submitQuote(db: Db, request: QuoteRequest, context: IntakeContext): Promise<{ id: number; jobReference: string; jobUrl: string }> {
  const { website: _honeypot, photoIds, ...quote } = request;
  const lead = await createLead(db, quote, { ...context, photoIds: photoIds ?? [], source: "quote_form" });
  return { ...lead, jobUrl: lead.jobUrl! };
}

/** 400 on the location field (docs/decisions/034): every lead on sale names a real suburb, so its buyer never pays blind. */
export const unknownLocation = () => new AppError(400, QUOTE_MESSAGES.serviceLocationUnknown, { serviceLocation: QUOTE_MESSAGES.serviceLocationUnknown });

/**
 * A lead, scored and geocoded: on the marketplace (from the quote form, or added by the
 * super admin), or a provider's own job that never reaches the market (docs/decisions/018, "Add Lead").
 */
export async function createLead(
  db: Db,
  quote: Omit<QuoteRequest, "website" | "photoIds"> & { customerEmail?: string | null },
  context: IntakeContext & { source: "quote_form" | "admin_manual" | "provider_manual" },
): Promise<{ id: number; jobReference: string; jobUrl: string | null }> {
  const suburb = await resolveSuburb(db, quote.serviceLocation);
  const ownJob = context.source === "provider_manual";
  // A provider's own job never goes on sale: its place stays the provider's business.
  if (!suburb && !ownJob) throw unknownLocation();
  // Fixed at creation from the last 5 paid sales (docs/product.md section 10 "Auction price").
  const startingPrice = ownJob ? "0.00" : startingPriceFor(await recentCompletedSaleAmounts(db), toCents(context.maxStartingPrice));
  const { now } = context;
  const datesChosen = !quote.isFlexibleDates;

  const lead = {
    ...quote,
    preferredPickupDate: datesChosen ? quote.preferredPickupDate : null,
    preferredDropoffDate: datesChosen ? quote.preferredDropoffDate : null,
    customerId: context.customerId ?? null,
    leadScore: leadScore(quote),
    status: ownJob ? ("sold" as const) : ("available" as const),
    source: context.source,
    startingPrice,
    currentPrice: startingPrice,
    suburbId: suburb?.id ?? null,
    suburb: suburb?.name ?? null,
    state: suburb?.state ?? null,
    postcode: suburb?.postcode ?? null,
    latitude: suburb?.latitude ?? null,
    longitude: suburb?.longitude ?? null,
    createdAt: now,
    updatedAt: now,
    auctionStartedAt: now,
  };

  const write = async (tx: Db, jobReference: string) => {
    // A provider's own job has no customer page and never goes on sale (docs/decisions/044-job-page.md).
    if (ownJob) return { ...(await insertLead(tx, { ...lead, jobReference }))!, jobUrl: null };
    const link = jobLinkWithLead();
    // Written by the lead's own statement: its job link, the outbox row from which who to alert
    // is decided once the lead is committed (docs/decisions/029), and the market's event.
    const { storedWithLead } = context.events;
    const row = await insertLead(tx, { ...lead, jobReference }, [link.row, { row: leadAlertsOf }], {
      row: leadAddedEventOf,
      wake: storedWithLead.wake,
    });
    if (!row) throw new JobReferenceTaken();
    // Before the market hears of it (at the commit): the listing and the alerts see its photos.
    if (context.photoIds?.length) await attachUploads(tx, row.id, context.photoIds, now);
    storedWithLead.stored(row.eventId!);
    return { ...row, jobUrl: link.url };
  };
  // One statement is its own transaction, sent with the turn's others on a pipelined connection
  // (decision 128); photos join it in one, and inside a caller's transaction a savepoint lets a job
  // reference's collision be retried.
  const inTransaction = Boolean(context.photoIds?.length) || isTransaction(db);
  const written = await withFreshJobReference(
    (jobReference) =>
      inTransaction ? db.transaction((tx) => write(tx, jobReference)) : oneStatement(db, context.pipelined, (one) => write(one, jobReference)),
    context.newReference,
  );
  return { id: written.id, jobReference: written.jobReference, jobUrl: written.jobUrl };
}
