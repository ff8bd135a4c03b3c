// The listing (docs/decisions/089-server-tiers.md): what a lead shows before and after purchase,
// with the customer's name, street address and contact scrubbed from free text, and who may see
// a lead from where. The market, the job page, reviews and alerts all show leads through it.
export { listingViewOf, priced, toListing, toMarketLead, type Listing } from "./redact";
export { HIDDEN as HIDDEN_IN_TEXT, scrubFreeText } from "./free-text";
export { buyerSideOf, marketScope, needsServiceArea, serviceAreaOf, viewerSeesLead, type ServiceArea } from "./area";
export { onTheMarket } from "./repo";
