// The public profile and the suburb listing, as the story reads (docs/decisions/060-public-profiles.md,
// 061-suburb-listing-rank.md): find the slug (an old one answers with the new), check the provider
// is public, read their figures, ratings and one page of reviews; or find the suburb and rank
// the electricians who cover it by the published rule.
import {
  compareByRank,
  bayesianRating,
  parseServiceLocation,
  PROFILE_REVIEWS_PER_PAGE,
  profilePath,
  RANK_RULE_TEXT,
  slugify,
  suburbListingPath,
  type ElectricianProfile,
  type ProfileQuery,
  type RatingSummary,
  type SuburbListing,
} from "../../../shared/profiles";
import { toCoordinates, type Coordinates } from "../../../shared/geo";
import { sydneyDayKey } from "../../../shared/sydney-time";
import { isLicenceExpired, LICENCE_STATES, type LicenceState } from "../../../shared/vetting";
import type { Db } from "../../platform/db/client";
import { averageOf, electricianRecordOf, toPublicReview } from "../../core/providers";
import { findSlug, placesAt, providersCovering, publicProviderOf, publicSlugs, ratingCountsOf, reviewPageOf, type RatingCounts } from "./repo";

export type ProfileAnswer = { kind: "profile"; profile: ElectricianProfile; centre: Coordinates | null } | { kind: "moved"; slug: string } | { kind: "none" };

const asState = (s: string | null): LicenceState | null => ((LICENCE_STATES as readonly string[]).includes(s ?? "") ? (s as LicenceState) : null);

/** The mean of shown stars to 1 decimal; null when no review stands behind it. */

const summaryOf = (c: RatingCounts): RatingSummary => ({ average: averageOf(c.count, c.sum), count: c.count, distribution: c.distribution });

export async function readProfile(db: Db, slug: string, query: ProfileQuery, now: Date): Promise<ProfileAnswer> {
  const match = await findSlug(db, slug);
  if (!match) return { kind: "none" };
  const provider = await publicProviderOf(db, match.providerId);
  if (!provider) return { kind: "none" };
  if (match.current !== slug) return { kind: "moved", slug: match.current };
  const pageSize = PROFILE_REVIEWS_PER_PAGE;
  const [figures, counts, page] = await Promise.all([
    electricianRecordOf(db, provider.id, now),
    ratingCountsOf(db, provider.id),
    reviewPageOf(db, provider.id, query.sort, pageSize, (query.page - 1) * pageSize),
  ]);
  const place = provider.serviceLocation ? parseServiceLocation(provider.serviceLocation) : null;
  return {
    kind: "profile",
    centre: toCoordinates(provider.serviceLatitude, provider.serviceLongitude),
    profile: {
      slug,
      path: profilePath(slug),
      businessName: provider.businessName ?? "Licensed electrician",
      licence: {
        state: asState(provider.licenceState),
        number: provider.licenceNumber,
        status: isLicenceExpired(provider.licenceExpiry, now) ? "expired" : "current",
        expiry: provider.licenceExpiry,
        checkedOn: provider.checkedAt ? sydneyDayKey(provider.checkedAt) : null,
      },
      abn: provider.abn,
      serviceArea: { suburb: place?.suburb ?? null, state: place?.state ?? null, postcode: place?.postcode ?? null, radiusKm: provider.serviceRadius ?? 20 },
      memberSince: sydneyDayKey(provider.createdAt),
      jobsCompleted: figures.jobsCompleted,
      medianMinutesToContact: figures.medianMinutesToContact,
      contactedJobs: figures.contactMinutes.length,
      rating: summaryOf(counts),
      reviews: { sort: query.sort, page: query.page, pageSize, total: page.total, items: page.items.map(toPublicReview) },
    },
  };
}

/** /electricians/in/vic/richmond-3121: the place's state, name slug and postcode. */
export async function readListing(db: Db, state: string, place: string, now: Date): Promise<SuburbListing | null> {
  const m = /^([a-z0-9-]+)-(\d{4})$/.exec(place);
  const upper = state.toUpperCase();
  if (!m || !asState(upper)) return null;
  const suburb = (await placesAt(db, upper, m[2]!)).find((s) => slugify(s.name) === m[1]);
  if (!suburb || suburb.latitude === null || suburb.longitude === null) return null;
  const found = await providersCovering(db, { latitude: Number(suburb.latitude), longitude: Number(suburb.longitude) });
  // The job page's own figure, by its own rule (docs/decisions/044-job-page.md): one module owns it.
  const records = await Promise.all(found.map((r) => electricianRecordOf(db, r.id, now)));
  const ranked = found
    .map((r, i) => ({ ...r, memberSince: sydneyDayKey(r.createdAt), medianMinutesToContact: records[i]!.medianMinutesToContact }))
    .sort(compareByRank);
  return {
    place: { name: suburb.name, state: upper as LicenceState, postcode: suburb.postcode, path: suburbListingPath(suburb) },
    rule: RANK_RULE_TEXT,
    electricians: ranked.map((r) => ({
      slug: r.slug,
      path: profilePath(r.slug),
      businessName: r.businessName ?? "Licensed electrician",
      suburb: r.serviceLocation ? parseServiceLocation(r.serviceLocation).suburb : null,
      distanceKm: r.distanceKm,
      rating: { average: averageOf(r.ratingCount, r.ratingSum), count: r.ratingCount },
      rankScore: Math.round(bayesianRating(r.ratingCount, r.ratingSum) * 1000) / 1000,
      medianMinutesToContact: r.medianMinutesToContact,
    })),
  };
}

export const sitemapProfilePaths = async (db: Db) => (await publicSlugs(db)).map(profilePath);
