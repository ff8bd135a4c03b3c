// Paying on the job page (docs/decisions/056, 057): the server starts a payment of what it says
// is owed, a quote's deposit or an invoice's balance, straight to the electrician's Stripe
// account, and answers how to take it: Stripe's `clientSecret` for that account, or `demo` when
// the site runs without Stripe keys. Paid shows only when the page's own view says so.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PaymentAnswer } from "@shared/stripe-connect";
import { apiJson } from "@/lib/api-client";
import { jobQueryKey } from "./job";

export type PaymentTarget = { kind: "deposit"; quoteId: number } | { kind: "invoice"; invoiceId: number };

const jobPath = (token: string) => `/api/jobs/${encodeURIComponent(token)}`;
const payPath = (token: string, target: PaymentTarget) =>
  target.kind === "invoice" ? `${jobPath(token)}/invoices/${target.invoiceId}/pay` : `${jobPath(token)}/quotes/${target.quoteId}/pay`;

export const startPayment = (token: string, target: PaymentTarget) => apiJson<PaymentAnswer>("POST", payPath(token, target), {});

/** A demo payment is recorded by the server at once: the page reads where the job now stands. */
export function useStartPayment(token: string, target: PaymentTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startPayment(token, target).then((answer) => answer.payment),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobQueryKey(token) }),
  });
}

/** After Stripe took the card: ask the server again now, rather than at the next 4 s poll. */
export function useReadJobAgain(token: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: jobQueryKey(token) });
}
