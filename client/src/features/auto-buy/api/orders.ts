// GET /api/auto-buy-orders and the owner's changes to an order (docs/decisions/063-auto-buy-orders.md):
// each change answers the order as it now stands, and refreshes the list.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AutoBuyBusinessCaps,
  AutoBuyBusinessCapsRequest,
  AutoBuyOrder,
  AutoBuyOrderCreateRequest,
  AutoBuyOrderCreated,
  AutoBuyOrderList,
  AutoBuyOrderUpdateRequest,
} from "@shared/auto-buy";
import { apiJson, getJson } from "@/lib/api-client";
import { QUERY_KEYS } from "@/lib/query-keys";

const AUTO_BUY_ORDERS_KEY = QUERY_KEYS.autoBuyOrders;
/** What was spent today and this week moves as orders buy: read again this often while shown. */
const REFRESH_MS = 15_000;

/** `live`: read again every 15 s, for the tab that shows the spend (the tab strip's count needs no such pace). */
export function useAutoBuyOrders({ enabled = true, live = false } = {}) {
  return useQuery({
    queryKey: AUTO_BUY_ORDERS_KEY,
    queryFn: () => getJson<AutoBuyOrderList>("/api/auto-buy-orders"),
    select: (list) => list.orders,
    enabled,
    refetchInterval: live ? REFRESH_MS : false,
  });
}

/** The business's caps across all orders, from the same list (docs/decisions/083-auto-buy-says-what-it-buys.md). */
export function useBusinessCaps() {
  return useQuery({
    queryKey: AUTO_BUY_ORDERS_KEY,
    queryFn: () => getJson<AutoBuyOrderList>("/api/auto-buy-orders"),
    select: (list) => list.businessCaps,
  });
}

function useOrderChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: AUTO_BUY_ORDERS_KEY }),
  });
}

export const useCreateOrder = () => useOrderChange((body: AutoBuyOrderCreateRequest) => apiJson<AutoBuyOrderCreated>("POST", "/api/auto-buy-orders", body));

export const useUpdateOrder = () =>
  useOrderChange(({ id, change }: { id: number; change: AutoBuyOrderUpdateRequest }) => apiJson<AutoBuyOrder>("PATCH", `/api/auto-buy-orders/${id}`, change));

export const useDeleteOrder = () => useOrderChange((id: number) => apiJson<null>("DELETE", `/api/auto-buy-orders/${id}`));

/** POST /api/auto-buy-orders/:id/card: the SetupIntent Stripe confirmed in the browser. */
export const useSaveCard = () =>
  useOrderChange(({ id, setupIntentId }: { id: number; setupIntentId: string }) =>
    apiJson<AutoBuyOrder>("POST", `/api/auto-buy-orders/${id}/card`, { setupIntentId }),
  );

/** POST /api/auto-buy-orders/:id/card-setup: a fresh SetupIntent for another card (after a decline, or none saved). */
export const useNewCardSetup = () => useOrderChange((id: number) => apiJson<AutoBuyOrderCreated>("POST", `/api/auto-buy-orders/${id}/card-setup`));

/** PUT /api/auto-buy-orders/business-caps: the owner's caps across all their orders (null: none). */
export const useSaveBusinessCaps = () =>
  useOrderChange((caps: AutoBuyBusinessCapsRequest) => apiJson<AutoBuyBusinessCaps>("PUT", "/api/auto-buy-orders/business-caps", caps));
