// A provider's profile slug (docs/decisions/060-public-profiles.md): made from the business name
// and suburb, unique, and stable: it changes only when the name or the service location does,
// and every earlier slug stays in provider_slugs (never given to anyone else) to answer 301.
import { and, desc, eq, like, or, sql } from "drizzle-orm";
import { slugBase } from "../../../shared/profiles";
import { providerSlugs, users } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/unique-violation";

const madeFrom = (name: string | null, location: string | null) => `${name ?? ""}|${location ?? ""}`;
const MADE_FROM_SQL = sql`coalesce(${users.companyName}, '') || '|' || coalesce(${users.serviceLocation}, '')`;

/** The provider's slug now (the newest), or null before their first. */
export async function currentSlugOf(db: Db, providerId: number) {
  const [row] = await db
    .select()
    .from(providerSlugs)
    .where(eq(providerSlugs.providerId, providerId))
    .orderBy(desc(providerSlugs.createdAt), desc(providerSlugs.slug))
    .limit(1);
  return row ?? null;
}

const suffixOf = (slug: string, base: string) => (slug === base ? 1 : slug.startsWith(`${base}-`) ? Number(slug.slice(base.length + 1)) : NaN);

/** Make sure an approved provider's slug follows their name and suburb; returns it (null for anyone else). */
export async function syncSlugOf(db: Db, providerId: number, now: Date): Promise<string | null> {
  const [provider] = await db
    .select({ name: users.companyName, location: users.serviceLocation, userType: users.userType, status: users.verificationStatus })
    .from(users)
    .where(eq(users.id, providerId));
  if (!provider || provider.userType !== "provider" || provider.status !== "approved") return null;
  const from = madeFrom(provider.name, provider.location);
  const current = await currentSlugOf(db, providerId);
  if (current?.madeFrom === from) return current.slug;
  const base = slugBase(provider.name, provider.location);
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = await db
      .select({ slug: providerSlugs.slug, providerId: providerSlugs.providerId })
      .from(providerSlugs)
      .where(or(eq(providerSlugs.slug, base), like(providerSlugs.slug, `${base}-%`)));
    // Their own earlier slug of this base comes back (renamed and renamed back): the old address again.
    const own = taken.find((t) => t.providerId === providerId && Number.isInteger(suffixOf(t.slug, base)));
    if (own) {
      await db.update(providerSlugs).set({ madeFrom: from, createdAt: now }).where(eq(providerSlugs.slug, own.slug));
      return own.slug;
    }
    const used = new Set(taken.map((t) => suffixOf(t.slug, base)).filter(Number.isInteger));
    let n = 1;
    while (used.has(n)) n++;
    const slug = n === 1 ? base : `${base}-${n}`;
    try {
      await db.insert(providerSlugs).values({ slug, providerId, madeFrom: from, createdAt: now });
      return slug;
    } catch (err) {
      // Another provider took it between the read and the write: look again.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error(`no free profile slug for provider ${providerId}`);
}

/** Every approved provider whose slug is missing or made from an older name or suburb: at start-up and after bulk writes. */
export async function syncAllSlugs(db: Db, now: Date): Promise<number> {
  const stale = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.userType, "provider"),
        eq(users.verificationStatus, "approved"),
        sql`not exists (select 1 from (select s.made_from from ${providerSlugs} s where s.provider_id = ${users.id} order by s.created_at desc, s.slug desc limit 1) c where c.made_from = ${MADE_FROM_SQL})`,
      ),
    )
    .orderBy(users.id);
  for (const { id } of stale) await syncSlugOf(db, id, now);
  return stale.length;
}
