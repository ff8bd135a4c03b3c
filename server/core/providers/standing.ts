// An electrician's public standing (docs/decisions/060-public-profiles.md): the profile link, when
// the profile is public, and the real rating, shown on the job page and in the purchase answer.
import { profilePath } from "../../../shared/profiles";
import type { ElectricianStanding } from "../../../shared/profile-standing";
import type { Db } from "../../platform/db/client";
import { standingRowOf, type StandingRow } from "./standing-repo";

/** A rating's average to one decimal; null with no ratings. */
export const averageOf = (count: number, sum: number) => (count === 0 ? null : Math.round((sum / count) * 10) / 10);

/** The buyer's profile link (when public) and real rating, for the job page and the purchase answer. */
export async function electricianStandingOf(db: Db, providerId: number): Promise<ElectricianStanding> {
  return standingFrom(await standingRowOf(db, providerId));
}

/** The standing as shown, from its row (standingColumn, when a read selected it beside its own). */
export function standingFrom(row: StandingRow | null): ElectricianStanding {
  if (!row) return { profilePath: null, rating: { average: null, count: 0 } };
  return { profilePath: row.isPublic && row.slug ? profilePath(row.slug) : null, rating: { average: averageOf(row.count, row.sum), count: row.count } };
}
