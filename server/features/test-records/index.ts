// What server/app.ts wires of this feature (docs/decisions/089-server-tiers.md): the job's test
// record (docs/decisions/103-test-records.md), its routes and their OpenAPI operations. Only the
// composition tier imports this file.
export { testRecordRoutes } from "./routes";
export { testRecordOperations } from "./openapi";
