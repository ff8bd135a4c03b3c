// A provider's public standing in the database: whether their profile is public, their slug and
// their rating. Plain SQL over users, reviews and provider_slugs; plain rows out.
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The public providers, as a condition on `u` (users): approved, active, and not hidden by their own choice. */
export const IS_PUBLIC = sql`u.user_type = 'provider' and u.is_active and u.verification_status = 'approved'
  and coalesce((select bs.public_profile from business_settings bs where bs.provider_id = u.id), true)`;

export async function standingRowOf(db: Db, providerId: number) {
  const [row] = rows<{ slug: string | null; count: number; sum: number; isPublic: boolean }>(
    await db.execute(sql`
      select (select c.slug from provider_slugs c where c.provider_id = u.id order by c.created_at desc, c.slug desc limit 1) as slug,
        (select count(*)::int from reviews r where r.provider_id = u.id and r.hidden_at is null) as count,
        (select coalesce(sum(r.rating), 0)::int from reviews r where r.provider_id = u.id and r.hidden_at is null) as sum,
        ${IS_PUBLIC} as "isPublic"
      from users u where u.id = ${providerId}`),
  );
  return row ?? null;
}
