// What the rest of the server may use of bad-leads/ (docs/decisions/040-server-walls.md).
export { badLeadRoutes, operatorReportRoutes } from "./routes";
export { type ReportDeps } from "./service";
export { badLeadOperations } from "./openapi";
