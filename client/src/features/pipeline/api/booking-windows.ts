// The card's booking windows (docs/decisions/102-booking-windows.md): GET what was offered and
// booked, POST an offer (or a move of the booked time, with a reason), POST a cancelled booking.
// Each write carries the job's version, as every job write does (docs/decisions/037), and
// refreshes the pipeline after, so the card shows the new version and stage.
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { CardBooking, WindowInput } from "@shared/booking-windows";
import type { PurchasedLead } from "@shared/pipeline";
import { apiJson, getJson } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";
import { AWAITS_CUSTOMER_REFRESH_MS } from "./purchases";

export const cardBookingKey = (purchaseId: number) => ["/api/lead-purchases", purchaseId, "booking-windows"] as const;

const windowsPath = (purchaseId: number) => `/api/lead-purchases/${purchaseId}/booking-windows`;

export interface BookingAnswer {
  booking: CardBooking;
  version: number;
}

/**
 * Read once the card's times section is on screen. While an offer waits for the customer it is
 * read again every 5 s in a visible tab, as the documents are while money is owed: a pick on the
 * job page shows on the card with no reload.
 */
export function useCardBooking(purchaseId: number, enabled: boolean) {
  return useQuery({
    queryKey: cardBookingKey(purchaseId),
    queryFn: () => getJson<CardBooking>(windowsPath(purchaseId)),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.offer?.status === "open" ? AWAITS_CUSTOMER_REFRESH_MS : false),
    refetchIntervalInBackground: false,
  });
}

/** The answer's booking at once, its version on the cached card, then the pipeline read again (the stage may have moved). */
function settle(queryClient: QueryClient, purchaseId: number) {
  return {
    onSuccess: ({ booking, version }: BookingAnswer) => {
      queryClient.setQueryData(cardBookingKey(purchaseId), booking);
      queryClient.setQueryData<PurchasedLead[]>(QUERY_KEYS.purchasedLeads, (rows) => rows?.map((row) => (row.id === purchaseId ? { ...row, version } : row)));
    },
    // A 409 (someone saved a newer version) is settled too: the card reads the version it now has.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.purchasedLeads }),
        queryClient.invalidateQueries({ queryKey: ["/api/lead-purchases", purchaseId] }),
      ]),
  };
}

export interface OfferVariables {
  windows: WindowInput[];
  /** Only when a booked time moves (the server requires it then). */
  reason?: string;
  version: number;
}

export function useOfferWindows(purchaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferVariables) => apiJson<BookingAnswer>("POST", windowsPath(purchaseId), body),
    ...settle(queryClient, purchaseId),
  });
}

export function useCancelBooking(purchaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string; version: number }) => apiJson<BookingAnswer>("POST", `/api/lead-purchases/${purchaseId}/booking/cancel`, body),
    ...settle(queryClient, purchaseId),
  });
}
