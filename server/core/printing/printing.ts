// An electrician's invoice as a PDF (docs/decisions/051-quotes-and-tax-invoices.md): the ATO's
// fields of a tax invoice, from the invoice as stored, printed by the one renderer
// (server/core/printing/pdf.ts, docs/decisions/053-tax-documents-pdf.md).
import { formatBsb } from "../../../shared/business";
import type { Invoice } from "../../../shared/invoices";
import { PAYMENT_METHOD_LABELS, TOTAL_INCLUDES_GST } from "../../../shared/invoices";
import type { GstWording, PrintableDocument } from "./printable";

/**
 * A seller not registered prints no GST; where the GST is exactly one eleventh of the total the
 * ATO's sentence "Total price includes GST" may stand (the amount is printed as well); otherwise
 * the GST is its own row. The buyer is printed whenever known (the ATO asks for it from $1,000).
 */
export function gstWordingOf(invoice: Pick<Invoice, "seller" | "gstIsOneEleventh">): GstWording {
  if (!invoice.seller.gstRegistered) return "none";
  return invoice.gstIsOneEleventh ? TOTAL_INCLUDES_GST : "GST";
}

export function printableInvoice(invoice: Invoice): PrintableDocument {
  const references: PrintableDocument["references"] = [];
  if (invoice.status === "void") references.push({ label: "VOID", value: invoice.voidReason ?? "Void" });
  const extra = [
    ...(invoice.depositPaid !== "0.00" ? [{ label: "Deposit paid", amount: invoice.depositPaid }] : []),
    ...invoice.payments.map((p) => ({ label: `Paid (${PAYMENT_METHOD_LABELS[p.method]})`, amount: p.amount })),
    { label: "Balance due", amount: invoice.balanceDue },
  ];
  return {
    title: invoice.title,
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    // A due day is a Sydney calendar day: printed at its noon, so no zone moves it.
    dueAt: `${invoice.dueAt}T02:00:00Z`,
    references,
    seller: { name: invoice.seller.businessName ?? "", abn: invoice.seller.abn, address: invoice.seller.address },
    buyer: invoice.buyer.name || invoice.buyer.abn ? { name: invoice.buyer.name ?? "", abn: invoice.buyer.abn } : null,
    lines: invoice.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      amount: item.amount,
      gstFree: item.gstFree,
    })),
    totals: { subtotal: invoice.subtotal, gst: invoice.gst, total: invoice.total, gstWording: gstWordingOf(invoice), extra },
    notes: invoice.notes,
    paymentDetails: invoice.bank && {
      bsb: formatBsb(invoice.bank.bsb),
      account: invoice.bank.account,
      reference: invoice.number,
      accountName: invoice.seller.businessName ?? undefined,
    },
    footer: invoice.seller.businessName,
  };
}

export const invoiceFileName = (invoice: Pick<Invoice, "number">) => `${invoice.number}.pdf`;
