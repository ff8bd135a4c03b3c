// The one shape every tax document is printed from (docs/decisions/053-tax-documents-pdf.md):
// the electrician's quotes and invoices, the platform's lead tax invoices, adjustment notes and
// statements all become a PrintableDocument, and server/core/printing/pdf.ts draws it. The shape
// knows no feature: the feature decides the title, the wording and the figures (whole-cent
// arithmetic in shared/document-totals.ts), this module only prints them.

export type DocumentTitle = "Tax invoice" | "Invoice" | "Quote" | "Adjustment note" | "Statement";

/**
 * How the GST is shown: "GST", added to the subtotal on its own row; "Total price includes GST",
 * the ATO's sentence where the GST is exactly one eleventh of the total (the amount is printed
 * too); "GST included", a GST-inclusive total whose GST is not exactly one eleventh (rounding), so
 * the amount is printed; "none", a seller not registered.
 */
export type GstWording = "GST" | "Total price includes GST" | "GST included" | "none";

export interface PrintableParty {
  name: string;
  /** 11 digits; printed as "ABN 51 824 753 556". */
  abn?: string | null;
  address?: string | null;
}

export interface PrintableLine {
  description: string;
  /** "2", "1.5". A column for it is printed when any line has one. */
  quantity?: string;
  /** Dollars, 2 decimals. */
  unitPrice?: string;
  /** The line's GST in dollars (a statement's purchases). A column is printed when any line has one. */
  gst?: string;
  /** Dollars, 2 decimals; negative for a refund on a statement. */
  amount: string;
  /** A GST-free supply: its description is printed with "(GST-free)" (ATO: which items are GST-free). */
  gstFree?: boolean;
}

export interface PrintableTotals {
  subtotal: string;
  gst: string;
  total: string;
  gstWording: GstWording;
  /** "Total" unless said: an adjustment note's "Decrease in price". */
  totalLabel?: string;
  /** Rows after the total: "Deposit paid", "Balance due". */
  extra?: { label: string; amount: string }[];
}

export interface PrintableDocument {
  title: DocumentTitle;
  number: string;
  issuedAt: Date | string;
  dueAt?: Date | string | null;
  /** Further labelled facts under the number: "Original invoice: AEL-000123", "Period: Nov 2026". */
  references?: { label: string; value: string }[];
  seller: PrintableParty & { abn: string | null };
  buyer?: PrintableParty | null;
  lines: PrintableLine[];
  totals: PrintableTotals;
  notes?: string | null;
  paymentDetails?: { bsb: string; account: string; reference: string; accountName?: string } | null;
  /** One line at the foot of every page ("Thank you for your business"). */
  footer?: string | null;
}
