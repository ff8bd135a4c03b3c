// Printing a tax document as a PDF (docs/decisions/053-tax-documents-pdf.md): quotes, invoices and
// the platform's own invoices for leads all print through this one module.
export { renderPdf } from "./pdf";
export { invoiceFileName, printableInvoice } from "./printing";
export type { GstWording, PrintableDocument, PrintableParty } from "./printable";
