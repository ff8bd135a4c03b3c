// What server/app.ts wires of the public profiles besides their routers: the sitemap's paths.
export { sitemapProfilePaths } from "./service";
