// What server/app.ts wires of refunds besides its routers (docs/decisions/089-server-tiers.md):
// the "customer unreachable" sweep, and each purchase's refund and claim for the pipeline.
export { aftercareOf } from "./unreachable";
export { createUnreachableSweep } from "./sweep";
