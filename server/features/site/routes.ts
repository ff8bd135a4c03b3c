import { Router } from "express";
import type { PublicConfig } from "../../../shared/site";
import type { Config } from "../../platform/config";

/** GET /api/config/public's answer; also what a first screen the server renders starts the app with. */
export const publicConfigOf = (config: Config): PublicConfig => ({
  sitePhone: config.SITE_PHONE,
  siteEmail: config.SITE_EMAIL,
  paymentsMode: config.paymentsMode,
  stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
  contactPromiseMinutes: config.CONTACT_PROMISE_MINUTES,
});

export function siteRoutes(config: Config) {
  // Mounted at /api/config (server/app.ts): the paths below are relative to it.
  const router = Router();
  router.get("/public", (_req, res) => {
    res.json(publicConfigOf(config));
  });
  // A browser key (restricted by referrer at Google), so it is public by nature. '' = fallback suggestions.
  router.get("/google-places-key", (_req, res) => {
    res.json({ key: config.GOOGLE_MAPS_API_KEY ?? "" });
  });
  return router;
}
