// GET /api/lead-purchases/:id/documents (docs/decisions/051-quotes-and-tax-invoices.md): every
// quote (newest first) and invoice of one job, read when the card's documents open.
import { useQuery } from "@tanstack/react-query";
import type { JobDocuments } from "@shared/invoices";
import { toCents } from "@shared/pricing";
import { getJson } from "@/lib/api-client";
import { AWAITS_CUSTOMER_REFRESH_MS } from "./purchases";

export const jobDocumentsKey = (purchaseId: number) => ["/api/lead-purchases", purchaseId, "documents"] as const;

export const fetchJobDocuments = (purchaseId: number) => getJson<JobDocuments>(`/api/lead-purchases/${purchaseId}/documents`);

export const jobDocumentsOptions = (purchaseId: number) => ({
  queryKey: jobDocumentsKey(purchaseId),
  queryFn: () => fetchJobDocuments(purchaseId),
  staleTime: 0,
});

/** True while the customer may still pay something online: an accepted quote's deposit, or an open invoice. */
export const owesCustomerMoney = (documents: JobDocuments | undefined) =>
  !!documents &&
  (documents.invoices.some((i) => i.status === "issued" || i.status === "part_paid") ||
    documents.quotes.some((q) => q.status === "accepted" && toCents(q.depositPaid) < toCents(q.deposit)));

/**
 * Open under the card's Details. While something is owing it is read again every 5 s in a
 * visible tab, as the pipeline's list is (docs/decisions/057): a deposit paid on the job page
 * shows here with no reload.
 */
export function useJobDocuments(purchaseId: number, enabled: boolean) {
  return useQuery({
    ...jobDocumentsOptions(purchaseId),
    enabled,
    refetchInterval: (query) => (owesCustomerMoney(query.state.data) ? AWAITS_CUSTOMER_REFRESH_MS : false),
    refetchIntervalInBackground: false,
  });
}
