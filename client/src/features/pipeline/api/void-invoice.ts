// POST /api/invoices/:id/void (docs/decisions/051-quotes-and-tax-invoices.md): a mistake is
// voided, never deleted: its number stays, marked void, and a new invoice can be issued.
import { useMutation } from "@tanstack/react-query";
import type { Invoice, InvoiceVoidRequest } from "@shared/invoices";
import { apiJson } from "@/lib/api-client";
import { useRefreshDocuments } from "./refresh-documents";

export const voidInvoice = (invoiceId: number, request: InvoiceVoidRequest) => apiJson<Invoice>("POST", `/api/invoices/${invoiceId}/void`, request);

export function useVoidInvoice(purchaseId: number, invoiceId: number) {
  const refresh = useRefreshDocuments();
  return useMutation({ mutationFn: (request: InvoiceVoidRequest) => voidInvoice(invoiceId, request), onSettled: () => refresh(purchaseId) });
}
