// What the rest of the server may use of paperwork/ (docs/decisions/105-paperwork-on-the-card.md):
// the job's paperwork clocks, recounted by whichever feature records an event they start from, and
// the electrician's certificate numbers.
export { countMissingClocks, paperworkFacts, refreshPaperworkClocks } from "./clocks";
export { claimSerial } from "./serials";
export { dueOf, paperworkSummaries } from "./summaries";
