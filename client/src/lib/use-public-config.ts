import { useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "@shared/site";

const FALLBACK: PublicConfig = {
  sitePhone: "1300 000 000",
  siteEmail: "support@aussieelectricians.com.au",
  paymentsMode: "demo",
  stripePublishableKey: null,
};

/** Site phone, email and payment mode from the server; a sensible fallback while it loads. */
export function usePublicConfig(): PublicConfig {
  const { data } = useQuery<PublicConfig>({ queryKey: ["/api/config/public"] });
  return data ?? FALLBACK;
}
