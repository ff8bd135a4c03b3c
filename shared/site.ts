// The site's name and what the browser may know of the server's configuration. No Zod here:
// every landing page shows the name (the logo, the page titles).

/** What the browser may know of the server's configuration: a whitelist, nothing secret. */
export interface PublicConfig {
  sitePhone: string;
  siteEmail: string;
  paymentsMode: "stripe" | "demo";
  stripePublishableKey: string | null;
}

export const PRODUCT_NAME = "Aussie Electricians";
