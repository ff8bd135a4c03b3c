// What the rest of the server may use of lead-invoices/ (docs/decisions/040-server-walls.md).
export { leadInvoiceRoutes } from "./routes";
export { leadInvoiceOperations } from "./openapi";
