import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { suburbs, type Suburb } from "../../../shared/schema";
import { SUBURB_SEARCH_LIMIT, type SuburbSuggestion } from "../../../shared/suburbs";
import { WELL_KNOWN_LOCALITIES } from "../../../shared/well-known-localities";
import type { Db } from "../../platform/db/client";

const columns = {
  id: suburbs.id,
  name: suburbs.name,
  postcode: suburbs.postcode,
  state: suburbs.state,
  latitude: suburbs.latitude,
  longitude: suburbs.longitude,
};

/** "parramatta|NSW" keys of the well-known localities, compared in SQL. */
const WELL_KNOWN_KEYS = WELL_KNOWN_LOCALITIES.map(([name, state]) => `${name.toLowerCase()}|${state}`);
/** True for a well-known locality (capitals, large regional centres): ranks them first. */
export const wellKnown = sql`(lower(${suburbs.name}) || '|' || ${suburbs.state}) in (${sql.join(
  WELL_KNOWN_KEYS.map((key) => sql`${key}`),
  sql`, `,
)})`;

/**
 * Prefix match on postcode (when the text is digits) or on name (docs/decisions/034): exact names
 * first, then prefix matches, well-known localities (capitals, large regional centres)
 * before tiny ones ("Parra" is Parramatta NSW, not Parrawe TAS), then shorter names
 * ("Manly" before "Manly Vale"), then alphabetical, postcode breaking ties.
 */
export async function searchSuburbs(db: Db, text: string): Promise<SuburbSuggestion[]> {
  const q = text.trim().toLowerCase();
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (/^\d+$/.test(q)) {
    return db
      .select(columns)
      .from(suburbs)
      .where(and(eq(suburbs.isActive, true), sql`${suburbs.postcode} like ${escaped + "%"}`))
      .orderBy(asc(suburbs.postcode), sql`${wellKnown} desc`, asc(suburbs.name))
      .limit(SUBURB_SEARCH_LIMIT);
  }
  return db
    .select(columns)
    .from(suburbs)
    .where(and(eq(suburbs.isActive, true), sql`lower(${suburbs.name}) like ${escaped + "%"}`))
    .orderBy(sql`lower(${suburbs.name}) = ${q} desc`, sql`${wellKnown} desc`, sql`length(${suburbs.name})`, asc(suburbs.name), asc(suburbs.postcode))
    .limit(SUBURB_SEARCH_LIMIT);
}

export async function suburbCount(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(suburbs);
  return existing?.n ?? 0;
}

/** Adds the localities in one transaction, 1000 rows a statement; a locality already there is skipped. */
export async function insertSuburbs(db: Db, localities: (typeof suburbs.$inferInsert)[]) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < localities.length; i += 1000) {
      await tx
        .insert(suburbs)
        .values(localities.slice(i, i + 1000))
        .onConflictDoNothing();
    }
  });
}

interface PlaceFilter {
  postcode?: string;
  state?: string;
}

function activeIn({ postcode, state }: PlaceFilter): SQL[] {
  const filters: SQL[] = [eq(suburbs.isActive, true)];
  if (state) filters.push(eq(suburbs.state, state));
  if (postcode) filters.push(eq(suburbs.postcode, postcode));
  return filters;
}

/** The active suburb named by one of `names` (lower case), the longest name first. */
export async function suburbByName(db: Db, place: PlaceFilter, names: string[]): Promise<Suburb | undefined> {
  const [byName] = await db
    .select()
    .from(suburbs)
    .where(and(...activeIn(place), inArray(sql`lower(${suburbs.name})`, names)))
    .orderBy(sql`length(${suburbs.name}) desc`, suburbs.postcode)
    .limit(1);
  return byName;
}

/** The postcode's suburbs: the well-known one first (2150 is Parramatta, not Harris Park). */
export async function suburbByPostcode(db: Db, place: PlaceFilter & { postcode: string }): Promise<Suburb | undefined> {
  const [byPostcode] = await db
    .select()
    .from(suburbs)
    .where(and(...activeIn(place)))
    .orderBy(sql`${wellKnown} desc`, suburbs.name)
    .limit(1);
  return byPostcode;
}

/** True when suburbs exist and none has its SA4 area yet (imported before the price tape). */
export async function suburbRegionsMissing(db: Db): Promise<boolean> {
  const [row] = await db.select({ all: count(), placed: count(suburbs.sa4Code) }).from(suburbs);
  return (row?.all ?? 0) > 0 && row?.placed === 0;
}

/** Sets each locality's SA4 area by name, postcode and state, 1000 a statement. */
export async function fillSuburbRegions(db: Db, localities: (typeof suburbs.$inferInsert)[]): Promise<number> {
  const placed = localities.filter((l) => l.sa4Code);
  let filled = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < placed.length; i += 1000) {
      const values = sql.join(
        placed.slice(i, i + 1000).map((l) => sql`(${l.name}, ${l.postcode}, ${l.state}, ${l.sa4Code}, ${l.sa4Name})`),
        sql`, `,
      );
      const result = await tx.execute(
        sql`update ${suburbs} set sa4_code = v.code, sa4_name = v.label from (values ${values}) as v(name, postcode, state, code, label)
            where ${suburbs.name} = v.name and ${suburbs.postcode} = v.postcode and ${suburbs.state} = v.state`,
      );
      filled += (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
    }
  });
  return filled;
}
