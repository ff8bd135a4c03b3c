// What server/app.ts wires of this feature (docs/decisions/089-server-tiers.md): booking windows
// (docs/decisions/102-booking-windows.md), the electrician's and the customer's routes, their
// OpenAPI operations, and the job page's reader. Only the composition tier imports this file.
export { bookingRoutes, jobBookingRoutes } from "./routes";
export { bookingOperations } from "./openapi";
export { jobPageBookingOf } from "./view";
export type { BookingDeps } from "./deps";
