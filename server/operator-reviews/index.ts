// What the rest of the server may use of operator-reviews/ (docs/decisions/040-server-walls.md).
export { openReview, latestReviewOf } from "./service";
export { operatorReviewRoutes } from "./routes";
export { operatorReviewOperations } from "./openapi";
