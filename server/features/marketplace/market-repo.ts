// The market's reads (GET /api/leads, its count badge, the service-area preview): Drizzle
// only, plain rows out. Matching by place is shared/geo.ts's rule written in SQL operation
// for operation, so a page agrees with server/core/listing/area.ts viewerSeesLead
// (area.test.ts checks it on random leads). docs/decisions/023-local-market.md.
import { and, asc, count, desc, eq, gte, inArray, ne, notInArray, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import { boundingBox, EARTH_RADIUS_KM, type Coordinates } from "../../../shared/geo";
import { MARKET_COUNT_CAP, type MarketSort } from "../../../shared/market-terms";
import { AUCTION_SECONDS } from "../../../shared/pricing";
import { leadExclusions, leads, photos } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { teamContactsColumn } from "../../core/customers";
import { onTheMarket, type ServiceArea } from "../../core/listing";
import { encodeCursor, type MarketCursor } from "./market-cursor";

const radians = (degrees: SQL) => sql`((${degrees}) * pi() / 180)`;
const leadLatitude = sql`${leads.latitude}::float8`;
const leadLongitude = sql`${leads.longitude}::float8`;

/** shared/geo.ts distanceKm(centre, lead): the same haversine, step for step; null when the lead has no coordinates. */
function distanceKmFrom(centre: Coordinates): SQL {
  const latitude = sql`${centre.latitude}::float8`;
  const dLat = radians(sql`${leadLatitude} - ${latitude}`);
  const dLng = radians(sql`${leadLongitude} - ${centre.longitude}::float8`);
  const h = sql`power(sin(${dLat} / 2), 2) + cos(${radians(latitude)}) * cos(${radians(leadLatitude)}) * power(sin(${dLng} / 2), 2)`;
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(${h}))))`;
}

/**
 * shared/geo.ts withinRadius: the bounding box first, on the numeric columns themselves so the
 * partial index leads_available_place_idx serves it; then the exact distance, rounded to the
 * card's one decimal (Math.round is floor(x + 0.5)), so a lead at exactly the radius is in.
 */
function withinArea(area: ServiceArea): SQL {
  const box = boundingBox(area.centre, area.radiusKm);
  return sql`${leads.latitude} between ${String(box.minLatitude)}::numeric and ${String(box.maxLatitude)}::numeric
    and ${leads.longitude} between ${String(box.minLongitude)}::numeric and ${String(box.maxLongitude)}::numeric
    and floor(${distanceKmFrom(area.centre)} * 10 + 0.5) <= ${area.radiusKm * 10}::float8`;
}

export interface MarketSelection {
  /** The viewer's service location: distances and "nearest" are measured from it. */
  origin: Coordinates | null;
  /** Only leads within this area (the "area" scope); null for all of Australia. */
  within: ServiceArea | null;
  serviceTypes?: readonly string[];
  /** Leads on sale this viewer must never see: they missed its contact promise (docs/decisions/049), or its customer is theirs (131). */
  excluding?: readonly number[];
  /** Only leads with at least one photo (photos_lead_idx answers it). */
  withPhotos?: boolean;
}

const hasPhotos = sql`exists (select 1 from ${photos} where ${photos.leadId} = ${leads.id})`;

const marketWhere = (selection: MarketSelection) =>
  and(
    onTheMarket,
    selection.excluding?.length ? notInArray(leads.id, [...selection.excluding]) : undefined,
    selection.within ? withinArea(selection.within) : undefined,
    selection.serviceTypes ? inArray(leads.serviceType, [...selection.serviceTypes]) : undefined,
    selection.withPhotos ? hasPhotos : undefined,
  );

/** "nearest" lists leads without coordinates (or every lead, for a viewer without a place) last, by id. */
const UNPLACED_METRES = 2147483647;

/** One sort: the key each row carries, the order, and the keyset condition after a cursor. */
interface MarketOrder {
  key: SQL<string | number>;
  orderBy: SQL[];
  after(cursor: MarketCursor): SQL;
  cursorFor(key: string | number, id: number): MarketCursor;
}

function marketOrder(sort: MarketSort, origin: Coordinates | null, now: Date): MarketOrder {
  const id = sql`${leads.id}`;
  if (sort === "nearest") {
    const metres = origin ? sql<number>`coalesce(floor(${distanceKmFrom(origin)} * 1000)::integer, ${UNPLACED_METRES})` : sql<number>`${UNPLACED_METRES}`;
    return {
      key: metres,
      orderBy: [asc(metres), asc(leads.id)],
      after: (c) => (c.sort === "nearest" ? sql`(${metres}, ${id}) > (${c.metres}, ${c.id})` : sql`false`),
      cursorFor: (key, leadId) => ({ sort: "nearest", metres: Number(key), id: leadId }),
    };
  }
  if (sort === "cheapest") {
    // shared/pricing.ts auctionPriceAt in cents, at one moment for every page of the listing.
    const elapsed = sql`extract(epoch from (${now.toISOString()}::timestamptz - ${leads.auctionStartedAt}))::float8`;
    const cents = sql<number>`floor(round(${leads.startingPrice} * 100)::float8 * least(1, greatest(0, 1 - ${elapsed} / ${AUCTION_SECONDS})) + 0.5)::integer`;
    return {
      key: cents,
      orderBy: [asc(cents), asc(leads.id)],
      after: (c) => (c.sort === "cheapest" ? sql`(${cents}, ${id}) > (${c.cents}, ${c.id})` : sql`false`),
      cursorFor: (key, leadId) => ({ sort: "cheapest", now: now.toISOString(), cents: Number(key), id: leadId }),
    };
  }
  // Newest auction first: a lead back on sale after an unpurchase counts as new.
  const startedAt = sql<string>`to_char(${leads.auctionStartedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return {
    key: startedAt,
    orderBy: [desc(leads.auctionStartedAt), desc(leads.id)],
    after: (c) => (c.sort === "newest" ? sql`(${leads.auctionStartedAt}, ${id}) < (${c.at}::timestamptz, ${c.id})` : sql`false`),
    cursorFor: (key, leadId) => ({ sort: "newest", at: String(key), id: leadId }),
  };
}

/** One page of the market in the given order, and the cursor of the next page (null on the last). */
export async function listMarketLeads(db: Db, selection: MarketSelection, page: { sort: MarketSort; limit: number; after: MarketCursor | null; now: Date }) {
  const { after } = page;
  const pricedAt = after?.sort === "cheapest" ? new Date(after.now) : page.now;
  const order = marketOrder(page.sort, selection.origin, pricedAt);
  const rows = await db
    .select({ lead: leads, key: order.key })
    .from(leads)
    .where(and(marketWhere(selection), after ? order.after(after) : undefined))
    .orderBy(...order.orderBy)
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    rows: shown.map((r) => r.lead),
    nextCursor: rows.length > page.limit && last ? encodeCursor(order.cursorFor(last.key, last.lead.id)) : null,
  };
}

/** How many leads the same selection holds (the count badge), up to MARKET_COUNT_CAP + 1. */
export async function countMarketLeads(db: Db, selection: MarketSelection): Promise<number> {
  const selected = db
    .select({ id: leads.id })
    .from(leads)
    .where(marketWhere(selection))
    .limit(MARKET_COUNT_CAP + 1)
    .as("selected");
  const [row] = await db.select({ n: count() }).from(selected);
  return row?.n ?? 0;
}

/**
 * The Manage Service Area preview: leads put on the market since `since` whose place lies in
 * the area, sold ones included (what the radius would have offered); archived and private
 * jobs left out.
 */
export async function countLeadsInArea(db: Db, area: ServiceArea, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(withinArea(area), gte(leads.createdAt, since), eq(leads.isArchived, false), ne(leads.source, "provider_manual")));
  return row?.n ?? 0;
}

/**
 * Whether this buyer's side is kept from the lead of the statement it is selected in (docs/decisions/049),
 * as a boolean column. "leads"."id" is written out: in a select of one table Drizzle leaves its
 * columns unqualified, and a bare "id" would bind to the subquery's table if it ever had one.
 */
export const keptFromColumn = (sideId: number | Placeholder | SQL) =>
  sql<boolean>`exists (select 1 from ${leadExclusions} e where e.lead_id = "leads"."id" and e.user_id = ${sideId})`;

/**
 * One lead by id with whether it is on the market, whether this viewer's side is kept from it and
 * the side's contacts (its customer may be theirs), for GET /api/leads/:id/listing. A private job
 * (a provider's manual lead) is never shown.
 */
export async function findMarketLead(db: Db, id: number, sideId: number) {
  const [row] = await db
    .select({ lead: leads, excluded: keptFromColumn(sideId), sideContacts: teamContactsColumn(sideId) })
    .from(leads)
    .where(and(eq(leads.id, id), ne(leads.source, "provider_manual")));
  return row;
}

/**
 * The leads on sale now that this buyer's side may not see, buy or be alerted to: they missed its
 * contact promise (docs/decisions/049), or its customer is one of them (`own`: the side's
 * contacts as contactKeysOf gives them, docs/decisions/131-own-customers-kept-off-the-market.md).
 * Almost always none; each part through its own index (lead_exclusions_user_idx,
 * leads_customer_phone_idx, leads_customer_email_idx).
 */
export async function excludedLeadIdsOf(db: Db, sideId: number, own: { phones: string[]; emails: string[] }): Promise<number[]> {
  const missed = db
    .select({ id: leadExclusions.leadId })
    .from(leadExclusions)
    .innerJoin(leads, eq(leads.id, leadExclusions.leadId))
    .where(and(eq(leadExclusions.userId, sideId), onTheMarket));
  if (own.phones.length === 0 && own.emails.length === 0) return (await missed.orderBy(leadExclusions.leadId)).map((r) => r.id);
  const ownCustomers = db
    .select({ id: leads.id })
    .from(leads)
    .where(and(onTheMarket, or(inArray(leads.customerPhone, own.phones), inArray(sql`lower(${leads.customerEmail})`, own.emails))));
  const rows = await union(missed, ownCustomers);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
