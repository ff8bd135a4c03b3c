// The pipeline's calls (docs/product.md section 7): one hook per endpoint, each refreshing what it changes.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EditJobDetails, ManualLeadInput, ManualLeadResponse, PurchaseHistoryEntry, PurchasedLead, SalesStageUpdate } from "@shared/pipeline";
import type { RecordIdResponse } from "@shared/responses";
import { apiJson } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

/** While a customer holds an open quote or an unpaid invoice, how often the pipeline asks whether they answered or paid. */
export const AWAITS_CUSTOMER_REFRESH_MS = 5_000;

/**
 * True while some listed job waits on its customer: to answer a quote (docs/decisions/054), or
 * to pay an invoice, which they may do online on the job page at any moment (057).
 */
export const awaitsCustomer = (purchases: readonly PurchasedLead[] | undefined) =>
  !!purchases?.some((p) => p.documents?.quote?.status === "sent" || p.documents?.invoice?.status === "issued" || p.documents?.invoice?.status === "part_paid");

/**
 * The pipeline. While a job waits on its customer, it asks again every 5 s while the tab is
 * visible, so an acceptance on the job page moves the card to Quote Accepted, and a payment
 * there to Paid, with no reload (docs/decisions/054, 057); otherwise only the writes refresh it.
 */
export function usePurchasedLeads() {
  return useQuery<PurchasedLead[]>({
    queryKey: QUERY_KEYS.purchasedLeads,
    staleTime: 0,
    refetchInterval: (query) => (awaitsCustomer(query.state.data) ? AWAITS_CUSTOMER_REFRESH_MS : false),
    refetchIntervalInBackground: false,
  });
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
    mutationFn: (purchaseId: number) => apiJson<RecordIdResponse>("POST", `/api/lead-purchases/${purchaseId}/${action}`),
    onSettled: refresh,
  });
}

/** PATCH /api/lead-purchases/:id/assignee: owners give a job to a member of their team. */
export function useAssignPurchase() {
  const refresh = useRefreshPipeline();
  return useMutation({
    // With the version the owner was looking at: a newer save is shown before it is handed out (decision 037).
    mutationFn: ({ purchaseId, assignedTo, version }: { purchaseId: number; assignedTo: number | null; version: number }) =>
      apiJson<PurchasedLead>("PATCH", `/api/lead-purchases/${purchaseId}/assignee`, { assignedTo, version }),
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
    mutationFn: (input: ManualLeadInput) => apiJson<ManualLeadResponse>("POST", "/api/leads/manual", input),
    onSettled: refresh,
  });
}

export const EXPORT_URL = "/api/my-purchased-leads/export.csv";
