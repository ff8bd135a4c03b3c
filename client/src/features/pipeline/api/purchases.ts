// The pipeline's calls (docs/product.md section 7): one hook per endpoint, each refreshing what it changes.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EditJobDetails, ManualLeadInput, PurchaseHistoryEntry, PurchasedLead, SalesStageUpdate } from "@shared/pipeline";
import { apiJson } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

export function usePurchasedLeads() {
  return useQuery<PurchasedLead[]>({ queryKey: QUERY_KEYS.purchasedLeads, staleTime: 0 });
}

/** GET /api/lead-purchases/:id/history, fetched when the card's History disclosure opens. */
const HISTORY_PREFIX = "/api/lead-purchases";
export function usePurchaseHistory(purchaseId: number, enabled: boolean) {
  return useQuery<PurchaseHistoryEntry[]>({ queryKey: [HISTORY_PREFIX, purchaseId, "history"], enabled, staleTime: 0 });
}

function useRefreshPipeline() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.purchasedLeads }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.availableLeads }),
      queryClient.invalidateQueries({ queryKey: [HISTORY_PREFIX] }),
    ]);
}

/** Stage changes show at once and roll back if the server refuses (docs/decisions/012). */
export function useUpdateSalesStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ purchaseId, update }: { purchaseId: number; update: SalesStageUpdate }) =>
      apiJson<PurchasedLead>("PATCH", `/api/lead-purchases/${purchaseId}/sales-stage`, update),
    onMutate: async ({ purchaseId, update }) => {
      await queryClient.cancelQueries({ queryKey: QUERY_KEYS.purchasedLeads });
      const before = queryClient.getQueryData<PurchasedLead[]>(QUERY_KEYS.purchasedLeads);
      if (update.salesStage) {
        // Only the stage moves at once: what was typed on the card travels in its local draft
        // (card-draft.ts) until the server has it, so a refused change loses nothing.
        queryClient.setQueryData<PurchasedLead[]>(QUERY_KEYS.purchasedLeads, (rows) =>
          rows?.map((row) => (row.id === purchaseId ? { ...row, salesStage: update.salesStage as PurchasedLead["salesStage"] } : row)),
        );
      }
      return { before };
    },
    // The saved row replaces the cached one at once, so a card whose draft is cleared never
    // shows the older values for a moment while the list reloads.
    onSuccess: (saved) =>
      queryClient.setQueryData<PurchasedLead[]>(QUERY_KEYS.purchasedLeads, (rows) =>
        rows?.map((row) => (row.id === saved.id ? { ...row, ...saved, lead: row.lead } : row)),
      ),
    onError: (_err, _vars, context) => {
      if (context?.before) queryClient.setQueryData(QUERY_KEYS.purchasedLeads, context.before);
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: QUERY_KEYS.purchasedLeads }), queryClient.invalidateQueries({ queryKey: [HISTORY_PREFIX] })]),
  });
}

export function usePurchaseAction(action: "archive" | "unpurchase" | "contact-to-lead") {
  const refresh = useRefreshPipeline();
  return useMutation({
    mutationFn: (purchaseId: number) => apiJson<{ id: number }>("POST", `/api/lead-purchases/${purchaseId}/${action}`),
    onSettled: refresh,
  });
}

/** PATCH /api/lead-purchases/:id/assignee: owners give a job to a member of their team. */
export function useAssignPurchase() {
  const refresh = useRefreshPipeline();
  return useMutation({
    mutationFn: ({ purchaseId, assignedTo }: { purchaseId: number; assignedTo: number | null }) =>
      apiJson<PurchasedLead>("PATCH", `/api/lead-purchases/${purchaseId}/assignee`, { assignedTo }),
    onSettled: refresh,
  });
}

/** GET /api/lead-purchases/follow-ups: the dashboard's overdue figure. */
export function useFollowUps() {
  return useQuery<{ overdue: number; dueToday: number; today: string }>({ queryKey: QUERY_KEYS.followUps, staleTime: 0 });
}

export function useEditJob() {
  const refresh = useRefreshPipeline();
  return useMutation({
    mutationFn: ({ leadId, fields }: { leadId: number; fields: EditJobDetails }) => apiJson("PATCH", `/api/leads/${leadId}`, fields),
    onSettled: refresh,
  });
}

export function useAddManualLead() {
  const refresh = useRefreshPipeline();
  return useMutation({
    mutationFn: (input: ManualLeadInput) => apiJson<{ id: number; jobReference: string }>("POST", "/api/leads/manual", input),
    onSettled: refresh,
  });
}

export const EXPORT_URL = "/api/my-purchased-leads/export.csv";
