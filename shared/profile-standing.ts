// What a job page and a purchase answer say of the electrician's standing (docs/decisions/060-public-profiles.md):
// a link to their public profile and the rating their real, shown reviews give. Its own small
// module: the job page's chunk needs only this of the profiles.
import { z } from "zod";

export const electricianStandingSchema = z.object({
  /** "/electricians/<slug>"; null when the electrician has no public profile (opted out, not approved). */
  profilePath: z.string().nullable(),
  /** Mean of shown stars to 1 decimal (null with none) and how many. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
});
export type ElectricianStanding = z.infer<typeof electricianStandingSchema>;
