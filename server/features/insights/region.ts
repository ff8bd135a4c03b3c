// An electrician's region (docs/decisions/067-insights.md): the ABS SA4 area of the suburb their
// service location names, as the suburbs table keeps it (sa4_code, sa4_name: the price tape's
// regions too, docs/decisions/066-price-tape.md), so both speak of the same areas.
import type { Db } from "../../platform/db/client";
import { resolveSuburb } from "../../core/suburbs";

export interface Region {
  code: string;
  name: string;
}

/**
 * The region of a free-text service location: the area of the suburb it resolves to (by name,
 * else by its postcode, as resolveSuburb does everywhere), each locality its own where a
 * postcode spans two areas.
 */
export async function regionOfLocation(db: Db, location: string | null): Promise<Region | null> {
  const suburb = location ? await resolveSuburb(db, location) : null;
  return suburb?.sa4Code && suburb.sa4Name ? { code: suburb.sa4Code, name: suburb.sa4Name } : null;
}
