// What server/app.ts wires of this feature (docs/decisions/089-server-tiers.md): its routers,
// OpenAPI operations, workers and the ports it hands to other features. Only the composition
// tier imports this file.
export { jobRoutes } from "./routes";
export { jobOperations } from "./openapi";
// The job page's first screen in the page's HTML is the same view (docs/decisions/092-first-screen-from-the-server.md).
export { jobView, type JobViewDeps } from "./view";
