// SQL only: what a public profile and a suburb listing read (docs/decisions/060-public-profiles.md).
// A provider is public when approved, active and not opted out (business_settings.public_profile).
// Ratings count shown reviews only; the job figures are the job page's (server/features/jobs).
import { count, eq, sql, type SQL } from "drizzle-orm";
import { SERVICE_RADIUS_OPTIONS } from "../../../shared/service-radius";
import { boundingBox, EARTH_RADIUS_KM, type Coordinates } from "../../../shared/geo";
import type { ReviewSort } from "../../../shared/profiles";
import { reviews } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { IS_PUBLIC } from "../../core/providers";

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const WIDEST_SERVICE_RADIUS_KM = Math.max(...SERVICE_RADIUS_OPTIONS);

export interface SlugMatch {
  providerId: number;
  /** The provider's slug now: differs from the asked one after a rename (301). */
  current: string;
}

export async function findSlug(db: Db, slug: string): Promise<SlugMatch | null> {
  const [row] = rows<SlugMatch>(
    await db.execute(sql`
      select s.provider_id as "providerId",
        (select c.slug from provider_slugs c where c.provider_id = s.provider_id order by c.created_at desc, c.slug desc limit 1) as current
      from provider_slugs s where s.slug = ${slug}`),
  );
  return row ?? null;
}

export interface ProviderRow {
  id: number;
  businessName: string | null;
  licenceState: string | null;
  licenceNumber: string | null;
  licenceExpiry: string | null;
  checkedAt: Date | string | null;
  abn: string | null;
  serviceLocation: string | null;
  serviceRadius: number | null;
  serviceLatitude: string | null;
  serviceLongitude: string | null;
  createdAt: Date | string;
}

export async function publicProviderOf(db: Db, providerId: number): Promise<ProviderRow | null> {
  const [row] = rows<ProviderRow>(
    await db.execute(sql`
      select u.id, u.company_name as "businessName", u.licence_state as "licenceState", u.license_number as "licenceNumber",
        u.licence_expiry::text as "licenceExpiry", u.verification_decided_at as "checkedAt", u.abn,
        u.service_location as "serviceLocation", u.service_radius as "serviceRadius",
        u.service_latitude as "serviceLatitude", u.service_longitude as "serviceLongitude", u.created_at as "createdAt"
      from users u where u.id = ${providerId} and ${IS_PUBLIC}`),
  );
  return row ?? null;
}

export interface RatingCounts {
  /** Shown reviews per star, index 0 = 1 star. */
  distribution: number[];
  count: number;
  sum: number;
}

export async function ratingCountsOf(db: Db, providerId: number): Promise<RatingCounts> {
  const found = rows<{ rating: number; n: number }>(
    await db.execute(sql`select r.rating, count(*)::int as n from reviews r where r.provider_id = ${providerId} and r.hidden_at is null group by r.rating`),
  );
  const distribution = [0, 0, 0, 0, 0];
  for (const { rating, n } of found) distribution[rating - 1] = n;
  return { distribution, count: distribution.reduce((a, b) => a + b, 0), sum: distribution.reduce((a, n, i) => a + n * (i + 1), 0) };
}

/** Hidden reviews keep their place by date, and go last when sorted by stars (their stars no longer count). */
const ORDER: Record<ReviewSort, SQL> = {
  newest: sql`${reviews.createdAt} desc, ${reviews.id} desc`,
  highest: sql`(${reviews.hiddenAt} is null) desc, ${reviews.rating} desc, ${reviews.createdAt} desc, ${reviews.id} desc`,
  lowest: sql`(${reviews.hiddenAt} is null) desc, ${reviews.rating} asc, ${reviews.createdAt} desc, ${reviews.id} desc`,
};

/** One page of a provider's reviews (reviews_provider_created_idx), and how many they have in all. */
export async function reviewPageOf(db: Db, providerId: number, sort: ReviewSort, limit: number, offset: number) {
  const [items, [total]] = await Promise.all([
    db.select().from(reviews).where(eq(reviews.providerId, providerId)).orderBy(ORDER[sort]).limit(limit).offset(offset),
    db.select({ n: count() }).from(reviews).where(eq(reviews.providerId, providerId)),
  ]);
  return { items, total: total?.n ?? 0 };
}

export interface PlaceRow {
  name: string;
  state: string;
  postcode: string;
  latitude: string | null;
  longitude: string | null;
}

export async function placesAt(db: Db, state: string, postcode: string): Promise<PlaceRow[]> {
  return rows<PlaceRow>(
    await db.execute(sql`select s.name, s.state, s.postcode, s.latitude, s.longitude from suburbs s
      where s.state = ${state} and s.postcode = ${postcode} and s.is_active order by s.name`),
  );
}

/** Haversine from `place` to a row's (lat, lng), as shared/geo.ts distanceKm and server/core/alerts/matching-repo.ts. */
function distanceSql(place: Coordinates, lat: SQL, lng: SQL): SQL {
  const r = (d: SQL) => sql`((${d}) * pi() / 180)`;
  const h = sql`power(sin(${r(sql`${lat} - ${place.latitude}::float8`)} / 2), 2) + cos(${r(sql`${place.latitude}::float8`)}) * cos(${r(lat)}) * power(sin(${r(sql`${lng} - ${place.longitude}::float8`)} / 2), 2)`;
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(${h}))))`;
}

export interface ListingRow {
  id: number;
  slug: string;
  businessName: string | null;
  serviceLocation: string | null;
  createdAt: Date | string;
  distanceKm: number;
  ratingCount: number;
  ratingSum: number;
}

/**
 * The public providers whose service area covers `place`: the distance from their service
 * location, rounded to 0.1 km as the market card rounds it, within their radius. Found through
 * users_provider_place_idx with a box as wide as the widest radius, as the alert matching does.
 */
export async function providersCovering(db: Db, place: Coordinates): Promise<ListingRow[]> {
  const box = boundingBox(place, WIDEST_SERVICE_RADIUS_KM);
  const dist = distanceSql(place, sql`u.service_latitude::float8`, sql`u.service_longitude::float8`);
  return rows<ListingRow>(
    await db.execute(sql`
      with near as (
        select u.id, u.company_name, u.service_location, u.created_at, coalesce(u.service_radius, 20) as radius, ${dist} as km
        from users u
        where u.user_type = 'provider' and u.is_active
          and u.service_latitude between ${String(box.minLatitude)}::numeric and ${String(box.maxLatitude)}::numeric
          and u.service_longitude between ${String(box.minLongitude)}::numeric and ${String(box.maxLongitude)}::numeric
          and ${IS_PUBLIC}
      )
      select n.id, s.slug, n.company_name as "businessName", n.service_location as "serviceLocation", n.created_at as "createdAt",
        round(n.km::numeric, 1)::float8 as "distanceKm",
        coalesce(rt.n, 0)::int as "ratingCount", coalesce(rt.total, 0)::int as "ratingSum"
      from near n
      cross join lateral (select c.slug from provider_slugs c where c.provider_id = n.id order by c.created_at desc, c.slug desc limit 1) s
      left join lateral (select count(*) as n, sum(r.rating) as total from reviews r where r.provider_id = n.id and r.hidden_at is null) rt on true
      where floor(n.km * 10 + 0.5) <= 10 * n.radius`),
  );
}

/** Every public profile's slug now, for the sitemap. */
export async function publicSlugs(db: Db): Promise<string[]> {
  const found = rows<{ slug: string }>(
    await db.execute(sql`
      select s.slug from users u
      cross join lateral (select c.slug from provider_slugs c where c.provider_id = u.id order by c.created_at desc, c.slug desc limit 1) s
      where ${IS_PUBLIC} order by s.slug`),
  );
  return found.map((r) => r.slug);
}

/** What a job page and a purchase answer say of a buyer: their profile's slug (when public) and their shown reviews. */
