import { useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "@shared/site";

export const PUBLIC_CONFIG_KEY = ["/api/config/public"] as const;

/** Also what the landing pages are rendered with at build time; the server swaps in the real phone and email. */
export const PUBLIC_CONFIG_FALLBACK: PublicConfig = {
  sitePhone: "1300 000 000",
  siteEmail: "support@aussieelectricians.com.au",
  paymentsMode: "demo",
  stripePublishableKey: null,
  // DEFAULT_PROMISE_MINUTES written out: importing it brought the promise's clock code onto every
  // page (+0.5 kB); client/src/features/quote/success-link.test.ts keeps the two equal.
  contactPromiseMinutes: 120,
};

/** Site phone, email and payment mode from the server; a sensible fallback while it loads. */
export function usePublicConfig(): PublicConfig {
  const { data } = useQuery<PublicConfig>({ queryKey: PUBLIC_CONFIG_KEY });
  return data ?? PUBLIC_CONFIG_FALLBACK;
}
