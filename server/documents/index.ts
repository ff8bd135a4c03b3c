// Tax documents' printing (docs/decisions/053-tax-documents-pdf.md): what other features use.
// The shape's parts (DocumentTitle, PrintableLine, PrintableTotals) are in ./printable.ts: export them here when a feature needs them by name.
export { renderPdf } from "./pdf";
export type { GstWording, PrintableDocument, PrintableParty } from "./printable";
