// POST /api/lead-purchases/:id/invoices (docs/decisions/051-quotes-and-tax-invoices.md): an
// invoice from the accepted quote, numbered by the server; a refused one takes no number.
import { useMutation } from "@tanstack/react-query";
import type { Invoice, InvoiceCreateRequest } from "@shared/invoices";
import { apiJson } from "@/lib/api-client";
import { useRefreshDocuments } from "./refresh-documents";

export const createInvoice = (purchaseId: number, request: InvoiceCreateRequest) =>
  apiJson<Invoice>("POST", `/api/lead-purchases/${purchaseId}/invoices`, request);

export function useCreateInvoice(purchaseId: number) {
  const refresh = useRefreshDocuments();
  return useMutation({ mutationFn: (request: InvoiceCreateRequest) => createInvoice(purchaseId, request), onSettled: () => refresh(purchaseId) });
}
