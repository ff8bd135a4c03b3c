// What the rest of the server may use of suburbs/ (docs/decisions/040-server-walls.md).
export { resolveSuburb } from "./resolve";
export { suburbRoutes } from "./routes";
export { fillSuburbRegionsIfMissing, importSuburbsIfEmpty } from "./import";
export { suburbOperations } from "./openapi";
