// POST /api/payments/:id/refund (docs/decisions/056-money-online-stripe-connect.md): gives back
// what is not yet refunded of an online payment, through Stripe on the electrician's own account,
// with the reason. The job's documents and card are read again: the invoice may be owing again.
import { useMutation } from "@tanstack/react-query";
import type { RefundResponse } from "@shared/document-payments";
import type { RefundRequest } from "@shared/stripe-connect";
import { apiJson } from "@/lib/api-client";
import { useRefreshDocuments } from "./refresh-documents";

export const refundPayment = (paymentId: number, request: RefundRequest) => apiJson<RefundResponse>("POST", `/api/payments/${paymentId}/refund`, request);

export function useRefundPayment(purchaseId: number, paymentId: number) {
  const refresh = useRefreshDocuments();
  return useMutation({ mutationFn: (request: RefundRequest) => refundPayment(paymentId, request), onSettled: () => refresh(purchaseId) });
}
