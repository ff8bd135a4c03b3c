// GET /api/payments/:id/dispute-evidence (docs/decisions/094-dispute-evidence.md): what goes to
// the customer's bank for a disputed payment, read when the electrician opens it.
import { useQuery } from "@tanstack/react-query";
import type { PaymentEvidenceView } from "@shared/dispute-evidence";
import { apiJson } from "@/lib/api-client";

export function usePaymentEvidence(paymentId: number | null) {
  return useQuery({
    queryKey: ["/api/payments", paymentId, "dispute-evidence"],
    queryFn: () => apiJson<PaymentEvidenceView>("GET", `/api/payments/${paymentId}/dispute-evidence`),
    enabled: paymentId !== null,
    staleTime: 0,
  });
}
