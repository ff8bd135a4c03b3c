// What the rest of the server may use of jobs/ (docs/decisions/040-server-walls.md).
export { createJobLink, decoyJobUrl } from "./links";
