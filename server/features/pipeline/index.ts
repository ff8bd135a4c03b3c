// What the rest of the server may use of pipeline/ (docs/decisions/040-server-walls.md);
// its routers and OpenAPI operations are imported by server/app.ts itself (docs/decisions/074).
// The documents' own moves of a job (docs/decisions/051-quotes-and-tax-invoices.md).
export { moveStageByDocument } from "./document-stages";
