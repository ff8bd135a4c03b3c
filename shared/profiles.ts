// Public electrician profiles and the suburb listings (docs/decisions/060-public-profiles.md,
// 061-suburb-listing-rank.md): the slug rule, the published ranking rule and the wire shapes of
// GET /api/electricians/:slug and GET /api/electricians/in/:state/:place. Pure: the server
// renders the pages with these and the client may read the same JSON.
import { z } from "zod";
import { publicReviewSchema } from "./reviews";
import { LICENCE_STATES, type LicenceState } from "./vetting";

/** Reviews shown per page of a profile. */
export const PROFILE_REVIEWS_PER_PAGE = 10;

// ---------- slugs ----------

const MAX_SLUG_LENGTH = 80;

/** "Smith & Sons Électrique!" -> "smith-and-sons-electrique": lower case ASCII letters, digits and single hyphens. */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['\u2019]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  // Cut at the last whole word that fits, so a long name never ends in half a word.
  const cut = slug.slice(0, MAX_SLUG_LENGTH + 1);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, MAX_SLUG_LENGTH)).replace(/-+$/, "");
}

export interface ServicePlace {
  suburb: string;
  state: LicenceState | null;
  postcode: string | null;
}

const PLACE = new RegExp(`^(.*?)[\\s,]+(${LICENCE_STATES.join("|")})(?:[\\s,]+(\\d{4}))?\\s*$`, "i");

/** "Richmond VIC 3121" -> { suburb: "Richmond", state: "VIC", postcode: "3121" }; a bare name stays a name. */
export function parseServiceLocation(location: string): ServicePlace {
  const m = PLACE.exec(location.trim());
  if (!m) return { suburb: location.trim(), state: null, postcode: null };
  return { suburb: m[1]!.replace(/,\s*$/, "").trim(), state: m[2]!.toUpperCase() as LicenceState, postcode: m[3] ?? null };
}

/**
 * The slug's base: business name and suburb ("Sparkright Electrical", "Parramatta NSW 2150" ->
 * "sparkright-electrical-parramatta"). The name alone when it already ends with the suburb;
 * "electrician" when nothing usable is left. A taken base gets "-2", "-3"... (the server decides).
 */
export function slugBase(businessName: string | null, serviceLocation: string | null): string {
  const name = slugify(businessName ?? "");
  const suburb = serviceLocation ? slugify(parseServiceLocation(serviceLocation).suburb) : "";
  const both = name.endsWith(suburb) ? name : [name, suburb].filter(Boolean).join("-");
  return slugify(both) || "electrician";
}

/** The path of a suburb's listing: /electricians/in/vic/richmond-3121. */
export const suburbListingPath = (place: { name: string; state: string; postcode: string }) =>
  `/electricians/in/${place.state.toLowerCase()}/${slugify(place.name)}-${place.postcode}`;

export const profilePath = (slug: string) => `/electricians/${slug}`;

// ---------- the published ranking rule (docs/decisions/061-suburb-listing-rank.md) ----------

/** The Bayesian prior: every electrician starts as if they had this many reviews of this many stars. */
export const RANK_PRIOR_REVIEWS = 5;
export const RANK_PRIOR_STARS = 3.5;

/** (5 × 3.5 + the sum of their shown ratings) / (5 + the number of their shown ratings). */
export const bayesianRating = (count: number, sum: number) => (RANK_PRIOR_REVIEWS * RANK_PRIOR_STARS + sum) / (RANK_PRIOR_REVIEWS + count);

export const RANK_RULE_TEXT =
  `Ranked by a Bayesian average of star ratings: (${RANK_PRIOR_REVIEWS} × ${RANK_PRIOR_STARS} + the sum of an electrician's ratings) ÷ ` +
  `(${RANK_PRIOR_REVIEWS} + their number of ratings), so a few reviews count for less than many. Ties go to the faster median time ` +
  "from a lead's purchase to the first contact with the customer, then to the longer-standing member. Hidden reviews do not count. " +
  "No one can pay to rank higher.";

export interface Rankable {
  ratingCount: number;
  ratingSum: number;
  medianMinutesToContact: number | null;
  memberSince: string;
  slug: string;
}

/** The listing's order: higher Bayesian rating, then faster first contact (none last), then older member, then slug. */
export function compareByRank(a: Rankable, b: Rankable): number {
  const score = bayesianRating(b.ratingCount, b.ratingSum) - bayesianRating(a.ratingCount, a.ratingSum);
  if (Math.abs(score) > 1e-9) return score;
  const am = a.medianMinutesToContact ?? Infinity;
  const bm = b.medianMinutesToContact ?? Infinity;
  if (am !== bm) return am < bm ? -1 : 1;
  if (a.memberSince !== b.memberSince) return a.memberSince < b.memberSince ? -1 : 1;
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

// ---------- the wire ----------

export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** A profile's slug in a path: anything else is simply not a profile (404). */
export const profileSlugParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,100}$/) });
/** /electricians/in/:state/:place, the place being "richmond-3121". */
export const suburbListingParams = z.object({ state: z.string().regex(/^[a-z]{2,3}$/), place: z.string().max(120) });

/** ?page=2&sort=highest: a bad value gets a 400, not a guess. */
export const profileQuery = z.object({
  page: z.coerce
    .number({ error: "page is a whole number from 1" })
    .int("page is a whole number from 1")
    .min(1, "page is a whole number from 1")
    .max(10_000)
    .default(1),
  sort: z.enum(REVIEW_SORTS, { error: `sort is one of ${REVIEW_SORTS.join(", ")}` }).default("newest"),
});
export type ProfileQuery = z.output<typeof profileQuery>;

export const ratingSummarySchema = z.object({
  /** Mean of the shown reviews' stars, 1 decimal; null with no reviews. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** How many shown reviews gave 1..5 stars: index 0 is 1 star. */
  distribution: z.array(z.number().int()).length(5),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const electricianProfileSchema = z.object({
  slug: z.string(),
  path: z.string(),
  businessName: z.string(),
  licence: z.object({
    state: z.enum(LICENCE_STATES).nullable(),
    number: z.string().nullable(),
    status: z.enum(["current", "expired"]),
    expiry: z.string().nullable(),
    /** The day the operator checked the licence (YYYY-MM-DD, Sydney). */
    checkedOn: z.string().nullable(),
  }),
  abn: z.string().nullable(),
  serviceArea: z.object({
    suburb: z.string().nullable(),
    state: z.enum(LICENCE_STATES).nullable(),
    postcode: z.string().nullable(),
    radiusKm: z.number().int(),
  }),
  /** YYYY-MM-DD (Sydney). */
  memberSince: z.string(),
  jobsCompleted: z.number().int(),
  /**
   * Median minutes from buying a lead to the first contact (a logged attempt or the move to
   * Called, whichever came first), over the last 90 days; null under 5 contacted jobs.
   */
  medianMinutesToContact: z.number().int().nullable(),
  /** How many of the last 90 days' market jobs were contacted: what the median stands on (none is shown under 5). */
  contactedJobs: z.number().int(),
  rating: ratingSummarySchema,
  reviews: z.object({
    sort: z.enum(REVIEW_SORTS),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    /** Hidden ones keep their place and show only the reason (docs/decisions/058-reviews.md). */
    items: z.array(publicReviewSchema),
  }),
});
export type ElectricianProfile = z.infer<typeof electricianProfileSchema>;

export const suburbListingSchema = z.object({
  place: z.object({ name: z.string(), state: z.enum(LICENCE_STATES), postcode: z.string(), path: z.string() }),
  rule: z.string(),
  electricians: z.array(
    z.object({
      slug: z.string(),
      path: z.string(),
      businessName: z.string(),
      suburb: z.string().nullable(),
      distanceKm: z.number(),
      rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
      rankScore: z.number(),
      medianMinutesToContact: z.number().int().nullable(),
    }),
  ),
});
export type SuburbListing = z.infer<typeof suburbListingSchema>;

export const PROFILE_MESSAGES = {
  notFound: "No such electrician",
  placeNotFound: "No such suburb",
} as const;
