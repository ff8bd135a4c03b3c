// The electrician as the rest of the product sees them (docs/decisions/089-server-tiers.md): their
// record (jobs completed, median minutes to first contact), their public standing (profile link,
// rating), their licence standing (may they buy), their profile's slug, and a review as the
// public reads it.
export { electricianRecordOf, MEDIAN_MIN_PURCHASES, MEDIAN_WINDOW_DAYS, medianMinutes } from "./record";
export { averageOf, electricianStandingOf } from "./standing";
export { IS_PUBLIC } from "./standing-repo";
export { licenceStandingOf, requireLicensedBuyer } from "./licence";
export { syncAllSlugs, syncSlugOf } from "./slugs-repo";
export { toJobReview, toPublicReview } from "./public-review";
export { licenceColumns, providerColumns } from "./columns";
