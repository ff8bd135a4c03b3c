// What the rest of the server may use of profiles/ (docs/decisions/040-server-walls.md).
export { noticeHtml } from "./html";
export { profileApiRoutes, profilePageRoutes } from "./routes";
export { profileOperations } from "./openapi";
export { sitemapProfilePaths, standingOf as electricianStandingOf } from "./service";
export { syncAllSlugs, syncSlugOf } from "./slugs-repo";
