// What the rest of the server may use of suburbs/ (docs/decisions/040-server-walls.md);
// its routers and OpenAPI operations are imported by server/app.ts itself (docs/decisions/074).
export { resolveSuburb } from "./resolve";
export { fillSuburbRegionsIfMissing, importSuburbsIfEmpty } from "./import";
