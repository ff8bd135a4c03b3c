// POST /api/jobs/:token/quotes/:quoteId/accept and /decline (docs/decisions/051-quotes-and-
// tax-invoices.md): the customer's answer to the open quote. The answer's quote replaces the
// page's at once (no more buttons), then the page is read again for its new status.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { JobView } from "@shared/jobs";
import type { QuoteAcceptRequest, QuoteAnswerResponse, QuoteDeclineRequest } from "@shared/quotes";
import { apiJson } from "@/lib/api-client";
import { jobQueryKey } from "./job";

const answerPath = (token: string, quoteId: number, answer: "accept" | "decline") => `/api/jobs/${encodeURIComponent(token)}/quotes/${quoteId}/${answer}`;

export const acceptQuote = (token: string, quoteId: number, body: QuoteAcceptRequest) =>
  apiJson<QuoteAnswerResponse>("POST", answerPath(token, quoteId, "accept"), body);
export const declineQuote = (token: string, quoteId: number, body: QuoteDeclineRequest) =>
  apiJson<QuoteAnswerResponse>("POST", answerPath(token, quoteId, "decline"), body);

const ANSWERS = ["accept_quote", "decline_quote"];

function useAnswer<V>(token: string, send: (vars: V) => Promise<QuoteAnswerResponse>) {
  const queryClient = useQueryClient();
  const key = jobQueryKey(token);
  return useMutation({
    mutationFn: send,
    onSuccess: ({ quote }) =>
      queryClient.setQueryData<JobView | null>(key, (view) => view && { ...view, quote, actions: view.actions.filter((a) => !ANSWERS.includes(a)) }),
    // Success or a 409 (replaced, expired, answered meanwhile): the page shows where it now stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useAcceptQuote = (token: string, quoteId: number) => useAnswer(token, (body: QuoteAcceptRequest) => acceptQuote(token, quoteId, body));
export const useDeclineQuote = (token: string, quoteId: number) => useAnswer(token, (body: QuoteDeclineRequest) => declineQuote(token, quoteId, body));
