// POST /api/auto-buy-orders/preview: what the order would have bought in the last 30 days, asked
// again once the typing has paused (docs/decisions/065-auto-buy-screens.md); and
// POST /api/auto-buy-orders/buys-now, what saving it would buy at once, asked as the owner saves
// (docs/decisions/083-auto-buy-says-what-it-buys.md).
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { AutoBuyBuysNow, AutoBuyBuysNowRequest, AutoBuyOrderCreateRequest, AutoBuyPreview } from "@shared/auto-buy";
import { apiJson } from "@/lib/api-client";

/** The pause in typing after which the preview is asked again. */
export const PREVIEW_DELAY_MS = 400;

function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
    // The key stands for the value: a new object with the same fields is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, delayMs]);
  return settled;
}

/** null: nothing to preview yet (the form does not make a valid order). */
export function useOrderPreview(request: AutoBuyOrderCreateRequest | null) {
  const settled = useSettled(request, PREVIEW_DELAY_MS);
  return useQuery({
    queryKey: ["/api/auto-buy-orders/preview", settled],
    queryFn: () => apiJson<AutoBuyPreview>("POST", "/api/auto-buy-orders/preview", settled),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

/** Asked at the moment of saving, never cached: the market moves by the second. */
export const useBuysNow = () =>
  useMutation({ mutationFn: (body: AutoBuyBuysNowRequest) => apiJson<AutoBuyBuysNow>("POST", "/api/auto-buy-orders/buys-now", body) });
