// The market as one viewer sees it (docs/product.md section 12 "Matching"): their scope, the
// filters and sort they chose, one page, each lead built by the one redaction function.
import { createHash } from "node:crypto";
import { AREA_PREVIEW_DAYS, type AreaPreview, type CurrentUser } from "../../../shared/auth";
import type { LeadListing, LeadListQuery, LeadPage } from "../../../shared/marketplace";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";
import { contactKeysOf, customerIsAmong, sideContactsOf } from "../../core/customers";
import { photoIdsByLead } from "../../core/photos";
import { buyerSideOf, marketScope, needsServiceArea, serviceAreaOf, listingViewOf, priced, toListing, toMarketLead, type Listing } from "../../core/listing";
import { decodeCursor } from "./market-cursor";
import { countLeadsInArea, countMarketLeads, excludedLeadIdsOf, findMarketLead, listMarketLeads, type MarketSelection } from "./market-repo";
import type { MarketPageCache } from "./market-cache";

/** What GET /api/leads may keep for a moment between viewers (market-cache.ts). */
export interface MarketCaches {
  pages: MarketPageCache;
  /**
   * Each buyer side's exclusions: they change with a listing (a missed promise relists the lead, a
   * quote comes in) and, seldom, with the side's own contacts, which a cached entry sees once it
   * runs out (MARKET_PAGE_KEEP_MS, docs/decisions/131-own-customers-kept-off-the-market.md).
   */
  exclusions: MarketPageCache;
  /** Whole answers as sent, on the app's clock, for PRICED_PAGE_HOLD_MS (docs/decisions/077-a-priced-page-held-for-a-moment.md). */
  sent?: MarketPageCache;
}

/**
 * How long one priced answer is sent again to viewers who would get the same page: its
 * serverTime says the moment its prices are for (the card counts down from it), and a sale
 * or any other change to the market drops it at once. A quarter of a second is less than
 * a phone's own round trip, and under a second at which a falling price moves by a cent.
 */
export const PRICED_PAGE_HOLD_MS = 250;

/** An answer as it goes on the wire: its JSON (UTF-8) and the ETag a reload may send back. */
export interface SentPage {
  json: Buffer;
  etag: string;
}

interface PagePlan {
  load: () => Promise<{ listings: Listing[]; nextCursor: string | null; total: number }>;
  /** Same key, same listings: the selection, listing view, sort, size and cursor. */
  key: string;
  /** False for the cheapest sort's first page, ordered by this moment's prices. */
  timeless: boolean;
  rest: Pick<LeadPage, "scope" | "needsServiceArea">;
}

async function planPage(db: Db, viewer: CurrentUser, query: LeadListQuery, now: Date, caches?: MarketCaches): Promise<PagePlan> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  if (query.cursor && !after) throw new AppError(400, "Invalid cursor");
  const area = serviceAreaOf(viewer);
  const scope = marketScope(viewer, query.scope);
  // A buyer kept from leads (a missed promise, their own customer's) has their own pages: the ids are part of the key.
  const side = buyerSideOf(viewer);
  const exclusionsOf = async () => excludedLeadIdsOf(db, side, contactKeysOf(await sideContactsOf(db, side)));
  const excluding = await (caches ? caches.exclusions.get(String(side), exclusionsOf) : exclusionsOf());
  const selection: MarketSelection = {
    origin: area?.centre ?? null,
    within: scope === "area" ? area : null,
    serviceTypes: query.serviceType,
    ...(excluding.length > 0 && { excluding }),
    withPhotos: query.withPhotos === "true",
  };
  const view = listingViewOf(viewer);
  const load = async () => {
    const [{ rows, nextCursor }, total] = await Promise.all([
      listMarketLeads(db, selection, { sort: query.sort, limit: query.limit, after, now }),
      countMarketLeads(db, selection),
    ]);
    const photos = await photoIdsByLead(
      db,
      rows.map((lead) => lead.id),
    );
    return { listings: rows.map((lead) => toListing(lead, view, photos.get(lead.id))), nextCursor, total };
  };
  return {
    load,
    key: JSON.stringify([selection, view, query.sort, query.limit, query.cursor ?? null]),
    timeless: query.sort !== "cheapest" || after !== null,
    rest: { scope, needsServiceArea: needsServiceArea(viewer) },
  };
}

async function pricedPage(plan: PagePlan, now: Date, caches?: MarketCaches): Promise<LeadPage> {
  const { listings, nextCursor, total } = caches && plan.timeless ? await caches.pages.get(plan.key, plan.load) : await plan.load();
  return { leads: listings.map((listing) => priced(listing, now)), nextCursor, serverTime: now.toISOString(), total, ...plan.rest };
}

/**
 * One page for this viewer. The listings (everything but the price) are the same for every
 * viewer with the same selection and listing view, so they may come from `caches`; the price
 * is always this moment's. The cheapest sort's first page is ordered by this moment's prices
 * and never comes from the cache.
 */
export async function marketPage(db: Db, viewer: CurrentUser, query: LeadListQuery, now: Date, caches?: MarketCaches): Promise<LeadPage> {
  return pricedPage(await planPage(db, viewer, query, now, caches), now, caches);
}

/**
 * marketPage as sent: the same answer, written to JSON once and sent again to every viewer
 * who would get the same page until PRICED_PAGE_HOLD_MS has passed on the app's clock or the
 * market changes (then priced at the moment it was made, which its serverTime says).
 */
export async function sentMarketPage(db: Db, viewer: CurrentUser, query: LeadListQuery, now: Date, caches?: MarketCaches): Promise<SentPage> {
  const plan = await planPage(db, viewer, query, now, caches);
  const send = async () => {
    const json = Buffer.from(JSON.stringify(await pricedPage(plan, now, caches)));
    return { json, etag: `W/"${createHash("sha1").update(json).digest("base64url")}"` };
  };
  return caches?.sent ? caches.sent.get(JSON.stringify([plan.key, plan.rest]), send) : send();
}

/**
 * One lead as this viewer's market would show it (redacted by the same function), found by id
 * whatever their scope and filters: an alert may match a lead outside today's market view.
 */
export async function marketListing(db: Db, viewer: CurrentUser, id: number, now: Date): Promise<LeadListing> {
  const found = await findMarketLead(db, id, buyerSideOf(viewer));
  const serverTime = now.toISOString();
  // A lead this viewer missed the promise on, or whose customer is their own, is gone for them, as
  // if it had never been listed (docs/decisions/049, 131-own-customers-kept-off-the-market.md).
  if (!found || found.lead.isArchived || found.excluded || customerIsAmong(found.lead, found.sideContacts)) return { status: "gone", lead: null, serverTime };
  const { lead } = found;
  if (lead.status === "sold") return { status: "sold", lead: null, serverTime };
  const photos = await photoIdsByLead(db, [lead.id]);
  return { status: "available", lead: toMarketLead(lead, viewer, now, photos.get(lead.id)), serverTime };
}

/** The Manage Service Area dialog's live count: leads posted in an area over the last AREA_PREVIEW_DAYS, before the area is saved. */
export async function areaPreview(db: Db, area: Parameters<typeof countLeadsInArea>[1], now: Date): Promise<AreaPreview> {
  const since = new Date(now.getTime() - AREA_PREVIEW_DAYS * 86_400_000);
  return { count: await countLeadsInArea(db, area, since), days: AREA_PREVIEW_DAYS };
}
