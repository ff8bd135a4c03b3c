// Turns a free-text service location ("12 Smith St, Parramatta NSW 2150") into a suburb
// row: the one the lead shows before purchase and the point used for radius matching.
import type { Suburb } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { suburbByName, suburbByPostcode } from "./repo";

const STATES = ["NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"];

export interface LocationParts {
  postcode?: string;
  state?: string;
  names: string[];
}

/** How people shorten or spell out locality names: "Mt Druitt" is Mount Druitt, "Saint Kilda" is St Kilda. */
function spellings(name: string): string[] {
  const variants = [
    name.replace(/\bmt\.?(?=\s)/g, "mount"),
    name.replace(/^saint\b/, "st"),
    name.replace(/^st\.(?=\s)/, "st"),
    name.replace(/\bpt\.?(?=\s)/g, "point"),
  ];
  return variants.filter((v) => v !== name);
}

/**
 * A postcode is the 4-digit number the text ends with (a state or "Australia" may follow):
 * "1234 Pacific Highway, Gordon" names no postcode, its 1234 is the house number.
 */
const POSTCODE = /(?<![\d/-])(\d{4})(?=(?:[\s,.]+(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT|australia)\b)*[\s,.]*$)/i;

/** Splits the text into a postcode, a state and candidate locality names (longest first). */
export function locationParts(text: string): LocationParts {
  const postcode = POSTCODE.exec(text.trim())?.[1];
  const state = [...text.toUpperCase().matchAll(/\b(NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\b/g)].at(-1)?.[1];
  const names = new Set<string>();
  for (const part of text.split(/[,\n]/)) {
    const words = part
      .replace(/\b\d+[a-z]?\b/gi, " ")
      .split(/\s+/)
      .filter((w) => w && !STATES.includes(w.toUpperCase()) && !/^(australia)$/i.test(w));
    for (let size = Math.min(4, words.length); size >= 1; size--) {
      const name = words.slice(-size).join(" ").toLowerCase();
      names.add(name);
      for (const variant of spellings(name)) names.add(variant);
    }
  }
  return { postcode, state, names: [...names] };
}

/**
 * Suburbs are reference data, written only by the import before a server answers
 * (server/setup/prepare.ts): a location resolved once resolves the same until the next start, so
 * each database keeps its last answers and a quote from a suburb seen lately costs no query
 * (docs/decisions/048-intake-cost.md). Only found suburbs are kept, and at most CACHE_SIZE.
 */
const CACHE_SIZE = 2_000;
const resolved = new WeakMap<Db, Map<string, Suburb>>();

/**
 * The suburb the text names, or null (the quote intake then answers 400). A typed postcode
 * must agree with the suburb chosen (docs/decisions/035-customer-text-redaction.md): a
 * street that is also a locality ("7 Park Avenue 2150", Park Avenue QLD 4701) loses to the
 * postcode's own suburb, and a postcode no suburb has resolves to nothing.
 */
export async function resolveSuburb(db: Db, text: string): Promise<Suburb | null> {
  const parts = locationParts(text);
  const key = JSON.stringify(parts);
  let cache = resolved.get(db);
  const known = cache?.get(key);
  if (known) return known;
  const found = await lookUp(db, parts);
  if (found) {
    if (!cache) resolved.set(db, (cache = new Map()));
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, found);
  }
  return found;
}

async function lookUp(db: Db, { postcode, state, names }: LocationParts): Promise<Suburb | null> {
  if (names.length > 0) {
    const byName = await suburbByName(db, { postcode, state }, names);
    if (byName) return byName;
  }
  if (!postcode) return null;
  return (await suburbByPostcode(db, { postcode, state })) ?? null;
}
