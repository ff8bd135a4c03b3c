// What the composition tier uses of the quote intake besides its routers (docs/decisions/089-
// server-tiers.md): making a lead (a manual lead goes through it too), and for the seeds, the lead
// score and fresh job references.
export { withFreshJobReference } from "./job-reference";
export { leadScore } from "./score";
export { createLead } from "./intake-service";
