import { z } from "zod";

/** What the browser may know of the server's configuration: a whitelist, nothing secret. */
export const publicConfig = z.object({
  sitePhone: z.string(),
  siteEmail: z.string(),
  paymentsMode: z.enum(["stripe", "demo"]),
  stripePublishableKey: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

export const PRODUCT_NAME = "Aussie Electricians";
