// GET /api/lead-purchases/:id/documents (docs/decisions/051-quotes-and-tax-invoices.md): every
// quote (newest first) and invoice of one job, read when the card's documents open.
import { useQuery } from "@tanstack/react-query";
import type { JobDocuments } from "@shared/invoices";
import { getJson } from "@/lib/api-client";

export const jobDocumentsKey = (purchaseId: number) => ["/api/lead-purchases", purchaseId, "documents"] as const;

export const fetchJobDocuments = (purchaseId: number) => getJson<JobDocuments>(`/api/lead-purchases/${purchaseId}/documents`);

export const jobDocumentsOptions = (purchaseId: number) => ({
  queryKey: jobDocumentsKey(purchaseId),
  queryFn: () => fetchJobDocuments(purchaseId),
  staleTime: 0,
});

export function useJobDocuments(purchaseId: number, enabled: boolean) {
  return useQuery({ ...jobDocumentsOptions(purchaseId), enabled });
}
