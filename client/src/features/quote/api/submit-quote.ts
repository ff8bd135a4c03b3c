import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import type { QuoteRequest, QuoteResponse } from "@shared/leads";

/** POST /api/leads (docs/product.md section 7), with the ids of the photos that are up. */
export const submitQuote = (quote: QuoteRequest & { photoIds: string[] }) => apiJson<QuoteResponse>("POST", "/api/leads", quote);

export function useSubmitQuote() {
  return useMutation({ mutationFn: submitQuote });
}
