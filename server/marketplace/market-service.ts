// The market as one viewer sees it (docs/product.md section 12 "Matching"): their scope, the
// filters and sort they chose, one page, each lead built by the one redaction function.
import { AREA_PREVIEW_DAYS, type AreaPreview, type CurrentUser } from "../../shared/auth";
import type { LeadListing, LeadListQuery, LeadPage } from "../../shared/marketplace";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { photoIdsByLead } from "../photos";
import { marketScope, needsServiceArea, serviceAreaOf } from "./area";
import { decodeCursor } from "./market-cursor";
import { countLeadsInArea, countMarketLeads, findMarketLead, listMarketLeads, type MarketSelection } from "./market-repo";
import type { MarketPageCache } from "./market-cache";
import { listingViewOf, priced, toListing, toMarketLead } from "./redact";

/**
 * One page for this viewer. The listings (everything but the price) are the same for every
 * viewer with the same selection and listing view, so they may come from `cache`; the price
 * is always this moment's. The cheapest sort's first page is ordered by this moment's prices
 * and never comes from the cache.
 */
export async function marketPage(db: Db, viewer: CurrentUser, query: LeadListQuery, now: Date, cache?: MarketPageCache): Promise<LeadPage> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  if (query.cursor && !after) throw new AppError(400, "Invalid cursor");
  const area = serviceAreaOf(viewer);
  const scope = marketScope(viewer, query.scope);
  const selection: MarketSelection = {
    origin: area?.centre ?? null,
    within: scope === "area" ? area : null,
    serviceTypes: query.serviceType,
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
  const timeless = query.sort !== "cheapest" || after !== null;
  const key = JSON.stringify([selection, view, query.sort, query.limit, query.cursor ?? null]);
  const { listings, nextCursor, total } = cache && timeless ? await cache.get(key, load) : await load();
  return {
    leads: listings.map((listing) => priced(listing, now)),
    nextCursor,
    serverTime: now.toISOString(),
    total,
    scope,
    needsServiceArea: needsServiceArea(viewer),
  };
}

/**
 * One lead as this viewer's market would show it (redacted by the same function), found by id
 * whatever their scope and filters: an alert may match a lead outside today's market view.
 */
export async function marketListing(db: Db, viewer: CurrentUser, id: number, now: Date): Promise<LeadListing> {
  const lead = await findMarketLead(db, id);
  const serverTime = now.toISOString();
  if (!lead || lead.isArchived) return { status: "gone", lead: null, serverTime };
  if (lead.status === "sold") return { status: "sold", lead: null, serverTime };
  const photos = await photoIdsByLead(db, [lead.id]);
  return { status: "available", lead: toMarketLead(lead, viewer, now, photos.get(lead.id)), serverTime };
}

/** The Manage Service Area dialog's live count: leads posted in an area over the last AREA_PREVIEW_DAYS, before the area is saved. */
export async function areaPreview(db: Db, area: Parameters<typeof countLeadsInArea>[1], now: Date): Promise<AreaPreview> {
  const since = new Date(now.getTime() - AREA_PREVIEW_DAYS * 86_400_000);
  return { count: await countLeadsInArea(db, area, since), days: AREA_PREVIEW_DAYS };
}
