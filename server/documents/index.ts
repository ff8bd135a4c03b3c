// Tax documents' printing (docs/decisions/053-tax-documents-pdf.md): what other features use.
export { renderPdf } from "./pdf";
export type { DocumentTitle, GstWording, PrintableDocument, PrintableLine, PrintableParty, PrintableTotals } from "./printable";
