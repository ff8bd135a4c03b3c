// What the pipeline tells a person. No Zod here: shared/policy.ts imports these, and the
// landing pages import the policy.
export const PIPELINE_MESSAGES = {
  notFound: "Purchase not found",
  teamCannot: "Team members cannot do that. Ask your account owner.",
} as const;
