// Sign-up invitations (docs/decisions/014-invitation-links.md): the operator issues one when a
// callback is approved, the sign-up form reads its prefill, and provider sign-up redeems it.
export { invitationPath, invitationPrefill, issueInvitation, redeemInvitation } from "./invitations";
