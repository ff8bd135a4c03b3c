// POST /api/invoices/:id/payments, and a deposit on the accepted quote, POST /api/quotes/:id/payments
// (docs/decisions/052-invoice-numbers-and-payments.md): the electrician records money received;
// paid in full, the server moves the job to Paid by itself.
import { useMutation } from "@tanstack/react-query";
import type { PaymentRequest } from "@shared/invoices";
import { apiJson } from "@/lib/api-client";
import { useRefreshDocuments } from "./refresh-documents";

export type PaymentTarget = { kind: "invoice" | "quote"; id: number };

export const recordPayment = (target: PaymentTarget, payment: PaymentRequest) =>
  apiJson<unknown>("POST", `/api/${target.kind === "invoice" ? "invoices" : "quotes"}/${target.id}/payments`, payment);

export function useRecordPayment(purchaseId: number, target: PaymentTarget) {
  const refresh = useRefreshDocuments();
  return useMutation({ mutationFn: (payment: PaymentRequest) => recordPayment(target, payment), onSettled: () => refresh(purchaseId) });
}
