// A customer's job links (docs/decisions/044-job-page.md): minted for every message that carries
// one, kept only as hashes, revoked by a lookup. Features that send a link, and the job page that
// reads one, use this; it imports no feature (docs/decisions/074).
export { createJobLink, decoyJobUrl, demoJobLink, leadOfToken, jobLinkWithLead } from "./links";
export { jobTokenHash } from "./token";
export { revokeJobLinks } from "./repo";
