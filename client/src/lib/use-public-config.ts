import { useQuery } from "@tanstack/react-query";
import { DEFAULT_PROMISE_MINUTES } from "@shared/contact-promise";
import type { PublicConfig } from "@shared/site";

export const PUBLIC_CONFIG_KEY = ["/api/config/public"] as const;

/** Also what the landing pages are rendered with at build time; the server swaps in the real phone and email. */
export const PUBLIC_CONFIG_FALLBACK: PublicConfig = {
  sitePhone: "1300 000 000",
  siteEmail: "support@aussieelectricians.com.au",
  paymentsMode: "demo",
  stripePublishableKey: null,
  contactPromiseMinutes: DEFAULT_PROMISE_MINUTES,
};

/** Site phone, email and payment mode from the server; a sensible fallback while it loads. */
export function usePublicConfig(): PublicConfig {
  const { data } = useQuery<PublicConfig>({ queryKey: PUBLIC_CONFIG_KEY });
  return data ?? PUBLIC_CONFIG_FALLBACK;
}
