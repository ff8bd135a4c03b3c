// What the marketplace tells a buyer. No Zod here: shared/policy.ts imports these, and the
// landing pages import the policy.
export const MARKET_MESSAGES = {
  alreadySold: "This lead has already been purchased",
  notFound: "Lead not found",
  teamCannotBuy: "Team members cannot buy leads. Ask your account owner.",
  onlyElectricians: "Only electricians can buy leads",
  adminClaim: "Admin Access - No Payment Required",
  paymentRequired: "Card payment required",
  paymentNotAuthorised: "The card payment was not authorised",
  /** The live market (docs/decisions/024): a lead left the market while a buyer had it on screen. */
  soldToAnother: "This lead was just bought by another electrician",
  archivedMeanwhile: "This lead was just taken off the market",
  /** A link to one lead (an alert's tap, docs/decisions/029) that is no longer for sale. */
  linkedSold: "That lead has already been bought",
  linkedGone: "That lead is no longer on the market",
} as const;
