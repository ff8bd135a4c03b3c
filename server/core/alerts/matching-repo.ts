// Who is alerted about a new lead (docs/product.md section 12 "Matching";
// docs/decisions/029). A provider's alert area is their service area (or a custom radius
// around the same service location); a team member's is their owner's location. Then their
// service types and "urgent only". The SQL finds candidates through the index on providers'
// service locations (users_provider_place_idx) with a box around the lead as wide as the
// widest service radius, plus the few custom radii wider than that (alert_preferences_radius_idx),
// and decides on the exact distance, rounded as the market card rounds it (shared/geo.ts). The
// buyer who missed the lead's contact promise, and their team, are never alerted to it again
// (lead_exclusions, docs/decisions/049), nor a team whose own customer asked (docs/decisions/131).
import { sql, type SQL } from "drizzle-orm";
import { isUrgent } from "../../../shared/alerts";
import { SERVICE_RADIUS_OPTIONS } from "../../../shared/service-radius";
import { boundingBox, EARTH_RADIUS_KM, type Coordinates } from "../../../shared/geo";
import type { Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { compileStatement, runCompiled } from "../../platform/db/named-statement";
import { customerIsAmong, sidesContactsOf } from "../customers";

const WIDEST_SERVICE_RADIUS_KM = Math.max(...SERVICE_RADIUS_OPTIONS);

export interface Recipient {
  userId: number;
  email: string | null;
  distanceKm: number;
  push: boolean;
  emailEnabled: boolean;
}

/** A lead's values in the matching query, by name. */
const MATCHING_VALUES = ["latitude", "longitude", "minLatitude", "maxLatitude", "minLongitude", "maxLongitude", "serviceType", "urgent", "leadId"] as const;
/** Each value as SQL: a column of the leads' JSON array. */
type MatchingValues = Record<(typeof MATCHING_VALUES)[number], SQL>;
const valuesAs = (of: (name: keyof MatchingValues) => SQL) => Object.fromEntries(MATCHING_VALUES.map((name) => [name, of(name)])) as MatchingValues;

/** Haversine from the lead to a row's (lat, lng) columns, as shared/geo.ts distanceKm. */
function distanceSql(lead: { latitude: SQL; longitude: SQL }, lat: SQL, lng: SQL): SQL {
  const r = (d: SQL) => sql`((${d}) * pi() / 180)`;
  const h = sql`power(sin(${r(sql`${lat} - ${lead.latitude}::float8`)} / 2), 2) + cos(${r(sql`${lead.latitude}::float8`)}) * cos(${r(lat)}) * power(sin(${r(sql`${lng} - ${lead.longitude}::float8`)} / 2), 2)`;
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(${h}))))`;
}

function matchingSql(v: MatchingValues): SQL {
  const dist = distanceSql(v, sql`o.service_latitude::float8`, sql`o.service_longitude::float8`);
  return sql`
    with owners as (
      select o.id, o.service_radius as service_radius, ${dist} as km
      from users o
      where o.user_type = 'provider' and o.is_active
        and o.service_latitude between ${v.minLatitude}::numeric and ${v.maxLatitude}::numeric
        and o.service_longitude between ${v.minLongitude}::numeric and ${v.maxLongitude}::numeric
      union
      select o.id, o.service_radius, ${dist}
      from alert_preferences p
      join users u on u.id = p.user_id
      join users o on o.id = coalesce(u.team_owner_id, u.id)
      where p.area = 'radius' and p.radius_km > ${WIDEST_SERVICE_RADIUS_KM}
        and o.user_type = 'provider' and o.is_active and o.service_latitude is not null
    ),
    -- Each person carries their owner's distance and radius: joining the owners again was a join of
    -- two row sets the planner cannot size (the box is a parameter), planned as a nested loop of
    -- 2,000 by 2,000 (docs/decisions/117-intake-statements-built-once.md).
    people as (
      select o.id as user_id, o.id as owner_id, o.km, o.service_radius from owners o
      union all
      select m.id, o.id, o.km, o.service_radius from owners o join users m on m.team_owner_id = o.id and m.user_type = 'team_member' and m.is_active
    )
    select u.id as "userId", u.email, round(pe.km::numeric, 1)::float8 as "distanceKm",
           coalesce(p.push_enabled, true) as push, coalesce(p.email_enabled, false) as "emailEnabled",
           pe.owner_id as "ownerId"
    from people pe
    join users u on u.id = pe.user_id
    left join alert_preferences p on p.user_id = pe.user_id
    where floor(pe.km * 10 + 0.5) <= 10 * (case when p.area = 'radius' then p.radius_km else coalesce(pe.service_radius, 20) end)::float8
      and (p.user_id is null or cardinality(p.service_types) = 0 or ${v.serviceType} = any(p.service_types))
      and (p.user_id is null or not p.urgent_only or ${v.urgent}::boolean)
      and (p.user_id is null or not p.with_photos or exists (select 1 from photos ph where ph.lead_id = ${v.leadId}::int))
      and (coalesce(p.push_enabled, true) or coalesce(p.email_enabled, false))
      and not exists (select 1 from lead_exclusions e where e.lead_id = ${v.leadId}::int and e.user_id in (pe.user_id, pe.owner_id))`;
}

/** The values of a lead at `place`, by name. */
function matchingValues(lead: Pick<Lead, "id" | "serviceType" | "urgency">, place: Coordinates): Record<keyof MatchingValues, unknown> {
  const box = boundingBox(place, WIDEST_SERVICE_RADIUS_KM);
  return {
    latitude: place.latitude,
    longitude: place.longitude,
    minLatitude: String(box.minLatitude),
    maxLatitude: String(box.maxLatitude),
    minLongitude: String(box.minLongitude),
    maxLongitude: String(box.maxLongitude),
    serviceType: lead.serviceType,
    urgent: isUrgent(lead.urgency),
    leadId: lead.id,
  };
}

// One statement for a claimed batch of the queue, where each lead was one: the leads' values as
// one JSON array, each lead matched by the lateral subquery (docs/decisions/117-intake-statements-built-once.md).
const columnTypes: Record<keyof MatchingValues, string> = {
  latitude: "float8",
  longitude: "float8",
  minLatitude: "text",
  maxLatitude: "text",
  minLongitude: "text",
  maxLongitude: "text",
  serviceType: "text",
  urgent: "boolean",
  leadId: "int",
};

function matchingManySql(leadsJson: SQL): SQL {
  return sql`
  select l."leadId", r.*
  from jsonb_to_recordset(${leadsJson}::jsonb) as l(${sql.join(
    MATCHING_VALUES.map((name) => sql`${sql.identifier(name)} ${sql.raw(columnTypes[name])}`),
    sql`, `,
  )})
  cross join lateral (${matchingSql(valuesAs((name) => sql`l.${sql.identifier(name)}`))}) r`;
}

/** The leads (each with a place) as the JSON array the statement reads. */
const leadsJson = (leads: readonly Lead[]) =>
  JSON.stringify(leads.map((lead) => matchingValues(lead, { latitude: Number(lead.latitude), longitude: Number(lead.longitude) })));

/** The matching statement for these leads, their values inline; exported so the bench can EXPLAIN what the matcher runs. */
export const matchingQuery = (leads: readonly Lead[]): SQL => matchingManySql(sql`${leadsJson(leads)}`);

// Built once and run by name: building it for every lead was about a tenth of a quote's allocations.
const matchingMany = compileStatement(matchingManySql(sql`${sql.placeholder("leads")}`));

/** Who is alerted about each lead (none for a lead with no place): one statement matches them all, one more reads the matched sides' contacts. */
export async function recipientsForLeads(db: Db, leads: readonly Lead[]): Promise<Map<number, Recipient[]>> {
  const byLead = new Map<number, Map<number, Recipient>>(leads.map((lead) => [lead.id, new Map()]));
  const placed = leads.filter((lead) => lead.latitude !== null && lead.longitude !== null);
  const found = placed.length ? await runCompiled<Recipient & { leadId: number; ownerId: number }>(db, matchingMany, { leads: leadsJson(placed) }) : [];
  // A team whose own customer asked is not alerted: the lead is not theirs to buy
  // (docs/decisions/131-own-customers-kept-off-the-market.md). Each side's contacts read once for the batch.
  const contacts = await sidesContactsOf(db, [...new Set(found.map((row) => row.ownerId))]);
  const byId = new Map(placed.map((lead) => [lead.id, lead]));
  // The union in `owners` may list an owner twice (box and wide radius): one row per person.
  for (const { leadId, ownerId, ...recipient } of found) {
    if (customerIsAmong(byId.get(leadId)!, contacts.get(ownerId) ?? [])) continue;
    byLead.get(leadId)?.set(recipient.userId, recipient);
  }
  return new Map([...byLead].map(([leadId, people]) => [leadId, [...people.values()]]));
}
