// Drizzle tables for every entity of docs/product.md section 3 the product uses.
// Names are the snake_case of the fields in docs/product.md section 3 (docs/runtime.md section 4). `bookings` is left
// out on purpose: see docs/decisions/003-no-bookings-table.md.
// One file per domain; this index re-exports them all, so `from "shared/schema"` finds
// every table, and drizzle.config.ts reads the tables from here.
export * from "./accounts";
export * from "./aftercare";
export * from "./alerts";
export * from "./analytics";
export * from "./auto-buy";
export * from "./bad-leads";
export * from "./bookings";
export * from "./callbacks";
export * from "./disputes";
export * from "./documents";
export * from "./jobs";
export * from "./leads";
export * from "./limits";
export * from "./market-tape";
export * from "./marketplace";
export * from "./paperwork";
export * from "./photos";
export * from "./profiles";
export * from "./pipeline";
export * from "./reviews";
export * from "./suburbs";
export * from "./test-records";
