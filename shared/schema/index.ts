// Drizzle tables for every entity of SPEC.md section 3 the product uses.
// Names are the snake_case of SPEC.md's fields (DESIGN.md section 2). `bookings` is left
// out on purpose: see docs/decisions/003-no-bookings-table.md.
// One file per domain; this index re-exports them all, so `from "shared/schema"` finds
// every table, and drizzle.config.ts reads the tables from here.
export * from "./accounts";
export * from "./alerts";
export * from "./analytics";
export * from "./bad-leads";
export * from "./callbacks";
export * from "./leads";
export * from "./marketplace";
export * from "./pipeline";
export * from "./suburbs";
