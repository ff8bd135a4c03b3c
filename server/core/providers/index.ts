// The electrician as the rest of the product sees them (docs/decisions/089-server-tiers.md): their
// record (jobs completed, median minutes to first contact), their public standing (profile link,
// rating), their licence standing (may they buy), their profile's slug, and a review as the
// public reads it.
export { electricianRecordOf, MEDIAN_MIN_PURCHASES, MEDIAN_WINDOW_DAYS, medianMinutes } from "./record";
export { averageOf, electricianStandingOf, standingFrom } from "./standing";
export { IS_PUBLIC, standingColumn } from "./standing-repo";
export { licenceStandingOf, requireLicensedBuyer, standingReadWith } from "./licence";
export { accountStandingColumn, type StandingRow } from "./licence-repo";
export { syncAllSlugs, syncSlugOf } from "./slugs-repo";
export { toJobReview, toPublicReview } from "./public-review";
export { licenceColumns, providerColumns } from "./columns";
