// The home page's Find Local Electricians, answered by the server before the app is ready
// (docs/decisions/036): 303 to the quote wizard, the typed location carried in a cookie that
// lives a minute, is sent to the wizard's page only and is read and deleted there by the
// early-input script (server/platform/http/early-input.ts), which puts it in the field as if typed.
// Never in an address, a history entry or a log.
import { Router } from "express";
import { locationSearchForm } from "../../../shared/leads";
import type { Config } from "../../platform/config";
import { PREFILL_COOKIE, PREFILL_PAGE } from "../../platform/http/early-input";
import { answeredPageForm } from "../../platform/http/page-form";

const HOME = "/";
const PREFILL_MAX_AGE_MS = 60 * 1000;

export function locationSearchFormRoutes(config: Config) {
  const router = Router();
  const form = answeredPageForm(router, HOME, config);
  router.post(HOME, ...form, (req, res) => {
    const search = locationSearchForm.safeParse(req.body ?? {});
    // Blank (or too long): nothing to search, as the app's button does nothing then.
    if (!search.success) return res.redirect(303, HOME);
    const fields = new URLSearchParams({ serviceLocation: search.data.serviceLocation }).toString();
    res.cookie(PREFILL_COOKIE, fields, { path: PREFILL_PAGE, maxAge: PREFILL_MAX_AGE_MS, sameSite: "strict", secure: config.isProduction });
    res.redirect(303, PREFILL_PAGE);
  });
  return router;
}
