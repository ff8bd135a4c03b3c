// What the rest of the server may use of jobs/ (docs/decisions/040-server-walls.md).
export { createJobLink, decoyJobUrl, demoJobLink, newLeadJobLink } from "./links";
export { jobRoutes } from "./routes";
export { jobOperations } from "./openapi";
export { isJobPagePath, JOB_PAGE_HEADERS, jobApiHeaders } from "./privacy-headers";
export { electricianRecordOf, leadOfToken } from "./view";
