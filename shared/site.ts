// The site's name and what the browser may know of the server's configuration. No Zod here:
// every landing page shows the name (the logo, the page titles).

/** What the browser may know of the server's configuration: a whitelist, nothing secret. */
export interface PublicConfig {
  sitePhone: string;
  siteEmail: string;
  paymentsMode: "stripe" | "demo";
  stripePublishableKey: string | null;
  /** CONTACT_PROMISE_MINUTES: the quote's success page says the promise by the server's own rule (docs/decisions/086-one-promise-one-address-quiet-sign-out.md). */
  contactPromiseMinutes: number;
}

export const PRODUCT_NAME = "Aussie Electricians";
