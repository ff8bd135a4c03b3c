// What bad-lead reports tell a person. No Zod here: shared/policy.ts imports these, and the
// landing pages import the policy.
export const BAD_LEAD_MESSAGES = {
  reason: "Choose a reason",
  detailsRequired: "Please tell us what was wrong with this lead",
  detailsTooLong: "Details are limited to 1000 characters",
  tooLate: "Reports must be made within 7 days of purchase",
  alreadyReported: "This lead has already been reported",
  teamCannot: "Only the account owner can report a bad lead",
  notFound: "Purchase not found",
  reportNotFound: "Report not found",
  alreadyDecided: "This report has already been decided",
  noteRequired: "Please add a note for the electrician",
  ownJob: "Jobs you added yourself cannot be reported: nothing was paid for them",
  nothingPaid: "Leads claimed for free cannot be reported: nothing was paid for them",
  released: "This purchase has been released since it was reported, so there is nothing to refund",
} as const;
