// What the rest of the server may use of reviews/ (docs/decisions/040-server-walls.md);
// its routers and OpenAPI operations are imported by server/app.ts itself (docs/decisions/074).
export { jobReviewOf } from "./service";
export { markPaidOnPlatform } from "./repo";
export { createInvitationSweep } from "./invitations";
export { reviewsByPurchase } from "./by-purchase";
