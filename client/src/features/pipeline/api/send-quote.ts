// POST /api/lead-purchases/:id/quotes (docs/decisions/051-quotes-and-tax-invoices.md): the quote
// is sent, supersedes the open one, moves the job to Quoted and texts the customer their link.
import { useMutation } from "@tanstack/react-query";
import type { Quote, QuoteCreateRequest } from "@shared/quotes";
import { apiJson } from "@/lib/api-client";
import { useRefreshDocuments } from "./refresh-documents";

export const sendQuote = (purchaseId: number, quote: QuoteCreateRequest) => apiJson<Quote>("POST", `/api/lead-purchases/${purchaseId}/quotes`, quote);

export function useSendQuote(purchaseId: number) {
  const refresh = useRefreshDocuments();
  return useMutation({ mutationFn: (quote: QuoteCreateRequest) => sendQuote(purchaseId, quote), onSettled: () => refresh(purchaseId) });
}
