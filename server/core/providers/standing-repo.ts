// A provider's public standing in the database: whether their profile is public, their slug and
// their rating. Plain SQL over users, reviews and provider_slugs; plain rows out.
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/client";

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The public providers, as a condition on `u` (users): approved, active, and not hidden by their own choice. */
export const IS_PUBLIC = sql`u.user_type = 'provider' and u.is_active and u.verification_status = 'approved'
  and coalesce((select bs.public_profile from business_settings bs where bs.provider_id = u.id), true)`;

/** What an electrician's public standing is made of, as one row. */
export interface StandingRow {
  slug: string | null;
  count: number;
  sum: number;
  isPublic: boolean;
}

/**
 * The standing of provider `providerId` as one json column (null for no such user), for a read
 * that selects it beside its own: the purchase reads it with the lead it sells
 * (docs/decisions/108-a-sale-in-fewer-statements.md), so the answer costs no statement after the sale.
 */
export const standingColumn = (providerId: number | Placeholder | SQL) => sql<StandingRow | null>`(
  select json_build_object(
    'slug', (select c.slug from provider_slugs c where c.provider_id = u.id order by c.created_at desc, c.slug desc limit 1),
    'count', (select count(*)::int from reviews r where r.provider_id = u.id and r.hidden_at is null),
    'sum', (select coalesce(sum(r.rating), 0)::int from reviews r where r.provider_id = u.id and r.hidden_at is null),
    'isPublic', ${IS_PUBLIC})
  from users u where u.id = ${providerId})`;

export async function standingRowOf(db: Db, providerId: number): Promise<StandingRow | null> {
  const [row] = rows<{ standing: StandingRow | null }>(await db.execute(sql`select ${standingColumn(providerId)} as standing`));
  return row?.standing ?? null;
}
