// What the rest of the server may use of reviews/ (docs/decisions/040-server-walls.md).
export { customerReviewAdminRoutes, jobReviewRoutes, reviewRoutes } from "./routes";
export { jobReviewOf } from "./service";
export { markPaidOnPlatform } from "./repo";
export { createInvitationSweep } from "./invitations";
export { reviewOperations } from "./openapi";
export { reviewsByPurchase } from "./by-purchase";
export { toPublicReview } from "./shape";
