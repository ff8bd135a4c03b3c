// What server/app.ts wires of this feature (docs/decisions/089-server-tiers.md): its routers,
// OpenAPI operations, workers and the ports it hands to other features. Only the composition
// tier imports this file.
export { jobReviewOf } from "./service";
export { maskReviewText } from "./mask";
export { markPaidOnPlatform } from "./repo";
export { createInvitationSweep } from "./invitations";
export { reviewsByPurchase } from "./by-purchase";
export { customerReviewAdminRoutes, jobReviewRoutes, reviewRoutes } from "./routes";
export { reviewOperations } from "./openapi";
