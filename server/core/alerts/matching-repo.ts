// Who is alerted about a new lead (docs/product.md section 12 "Matching";
// docs/decisions/029). A provider's alert area is their service area (or a custom radius
// around the same service location); a team member's is their owner's location. Then their
// service types and "urgent only". The SQL finds candidates through the index on providers'
// service locations (users_provider_place_idx) with a box around the lead as wide as the
// widest service radius, plus the few custom radii wider than that (alert_preferences_radius_idx),
// and decides on the exact distance, rounded as the market card rounds it (shared/geo.ts). The
// buyer who missed the lead's contact promise, and their team, are never alerted to it again
// (lead_exclusions, docs/decisions/049).
import { sql, type SQL } from "drizzle-orm";
import { isUrgent } from "../../../shared/alerts";
import { SERVICE_RADIUS_OPTIONS } from "../../../shared/auth";
import { boundingBox, EARTH_RADIUS_KM, type Coordinates } from "../../../shared/geo";
import type { Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { executeNamed } from "../../platform/db/named-statement";

const WIDEST_SERVICE_RADIUS_KM = Math.max(...SERVICE_RADIUS_OPTIONS);

export interface Recipient {
  userId: number;
  email: string | null;
  distanceKm: number;
  push: boolean;
  emailEnabled: boolean;
}

/** Haversine from the lead to a row's (lat, lng) columns, as shared/geo.ts distanceKm. */
function distanceSql(lead: Coordinates, lat: SQL, lng: SQL): SQL {
  const r = (d: SQL) => sql`((${d}) * pi() / 180)`;
  const h = sql`power(sin(${r(sql`${lat} - ${lead.latitude}::float8`)} / 2), 2) + cos(${r(sql`${lead.latitude}::float8`)}) * cos(${r(lat)}) * power(sin(${r(sql`${lng} - ${lead.longitude}::float8`)} / 2), 2)`;
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(${h}))))`;
}

/** The matching query for a lead at `place`; exported so the bench can EXPLAIN it. */
export function matchingQuery(lead: Pick<Lead, "id" | "serviceType" | "urgency">, place: Coordinates): SQL {
  const box = boundingBox(place, WIDEST_SERVICE_RADIUS_KM);
  const dist = distanceSql(place, sql`o.service_latitude::float8`, sql`o.service_longitude::float8`);
  return sql`
    with owners as (
      select o.id, o.service_radius as service_radius, ${dist} as km
      from users o
      where o.user_type = 'provider' and o.is_active
        and o.service_latitude between ${String(box.minLatitude)}::numeric and ${String(box.maxLatitude)}::numeric
        and o.service_longitude between ${String(box.minLongitude)}::numeric and ${String(box.maxLongitude)}::numeric
      union
      select o.id, o.service_radius, ${dist}
      from alert_preferences p
      join users u on u.id = p.user_id
      join users o on o.id = coalesce(u.team_owner_id, u.id)
      where p.area = 'radius' and p.radius_km > ${WIDEST_SERVICE_RADIUS_KM}
        and o.user_type = 'provider' and o.is_active and o.service_latitude is not null
    ),
    people as (
      select o.id as user_id, o.id as owner_id from owners o
      union all
      select m.id, o.id from owners o join users m on m.team_owner_id = o.id and m.user_type = 'team_member' and m.is_active
    )
    select u.id as "userId", u.email, round(o.km::numeric, 1)::float8 as "distanceKm",
           coalesce(p.push_enabled, true) as push, coalesce(p.email_enabled, false) as "emailEnabled"
    from people pe
    join owners o on o.id = pe.owner_id
    join users u on u.id = pe.user_id
    left join alert_preferences p on p.user_id = pe.user_id
    where floor(o.km * 10 + 0.5) <= 10 * (case when p.area = 'radius' then p.radius_km else coalesce(o.service_radius, 20) end)::float8
      and (p.user_id is null or cardinality(p.service_types) = 0 or ${lead.serviceType} = any(p.service_types))
      and (p.user_id is null or not p.urgent_only or ${isUrgent(lead.urgency)})
      and (p.user_id is null or not p.with_photos or exists (select 1 from photos ph where ph.lead_id = ${lead.id}))
      and (coalesce(p.push_enabled, true) or coalesce(p.email_enabled, false))
      and not exists (select 1 from lead_exclusions e where e.lead_id = ${lead.id} and e.user_id in (pe.user_id, pe.owner_id))`;
}

export async function recipientsFor(db: Db, lead: Lead): Promise<Recipient[]> {
  if (lead.latitude === null || lead.longitude === null) return [];
  const place = { latitude: Number(lead.latitude), longitude: Number(lead.longitude) };
  // The union in `owners` may list an owner twice (box and wide radius): one row per person.
  // Named, so PostgreSQL parses it once per connection and may keep one plan: planning it
  // afresh was most of PostgreSQL's time per quote (docs/decisions/048-intake-cost.md).
  const found = await executeNamed<Recipient>(db, matchingQuery(lead, place));
  return [...new Map(found.map((r) => [r.userId, r])).values()];
}
