import { and, asc, eq, sql } from "drizzle-orm";
import { suburbs } from "../../shared/schema";
import { SUBURB_SEARCH_LIMIT, type SuburbSuggestion } from "../../shared/suburbs";
import { WELL_KNOWN_LOCALITIES } from "../../shared/well-known-localities";
import type { Db } from "../db/client";

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
const wellKnown = sql`(lower(${suburbs.name}) || '|' || ${suburbs.state}) in (${sql.join(
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
