// What server/app.ts wires of this feature (docs/decisions/089-server-tiers.md): the job's compliance
// paperwork (docs/decisions/105-paperwork-on-the-card.md), its routes and their OpenAPI operations.
// Only the composition tier imports this file.
export { jobCertificateRoutes, paperworkRoutes } from "./routes";
export { jobCertificatesOf } from "./customer";
export { paperworkOperations } from "./openapi";
