// What the rest of the server may use of documents/ (docs/decisions/040-server-walls.md): quotes,
// invoices, recorded payments and the business details they print (docs/decisions/051, 052), and
// the printing of every tax document (docs/decisions/053-tax-documents-pdf.md).
export { documentSummaries, jobPageDocumentsReader } from "./read";
export { connectEventApplier } from "./online-events";
