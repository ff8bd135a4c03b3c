// What the rest of the server may use of profiles/ (docs/decisions/040-server-walls.md);
// its routers and OpenAPI operations are imported by server/app.ts itself (docs/decisions/074).
export { noticeHtml } from "./html";
export { sitemapProfilePaths, standingOf as electricianStandingOf } from "./service";
export { syncAllSlugs, syncSlugOf } from "./slugs-repo";
