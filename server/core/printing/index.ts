// Printing a tax document as a PDF (docs/decisions/053-tax-documents-pdf.md): quotes, invoices and
// the platform's own invoices for leads all print through this one module.
export { renderPdf } from "./pdf";
export { invoiceFileName, printableInvoice } from "./printing";
export type { GstWording, PrintableDocument, PrintableParty } from "./printable";
// Queensland's certificate of testing and compliance and the test report
// (docs/decisions/105-paperwork-on-the-card.md), drawn the same way.
export { renderCertificatePdf } from "./certificate-pdf";
export type { CertificateKind, PrintableCertificate } from "./certificate";
