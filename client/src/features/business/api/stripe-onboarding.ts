// POST /api/provider/business/stripe-onboarding (docs/decisions/056-money-online-stripe-connect.md):
// Stripe's own set-up page for the owner's account, a link that expires in minutes, so it is asked
// for at the tap and the browser goes straight there. Demo mode answers 409 with what it means.
import { useMutation } from "@tanstack/react-query";
import type { StripeOnboardingResponse } from "@shared/stripe-connect";
import { apiJson } from "@/lib/api-client";

export const startStripeOnboarding = () => apiJson<StripeOnboardingResponse>("POST", "/api/provider/business/stripe-onboarding", {});

export function useStripeOnboarding() {
  return useMutation({
    mutationFn: startStripeOnboarding,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
