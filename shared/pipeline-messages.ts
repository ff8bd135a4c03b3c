// What the pipeline tells a person. No Zod here: shared/policy.ts imports these, and the
// landing pages import the policy.
export const PIPELINE_MESSAGES = {
  notFound: "Purchase not found",
  teamCannot: "Team members cannot do that. Ask your account owner.",
  /** PATCH /api/provider/business by a team member (docs/decisions/051-quotes-and-tax-invoices.md). */
  businessOwnerOnly: "Only the business owner can change the business details",
} as const;
