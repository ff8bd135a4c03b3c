// The operator's reviews of flagged jobs (docs/decisions/089-server-tiers.md): opened by the
// features that flag a job, decided from the admin dashboard.
export { decideReview, latestReviewOf, openReview, reviewQueue } from "./service";
