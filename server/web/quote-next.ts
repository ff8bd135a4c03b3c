// The quote wizard's Next on step 1, answered by the server before the app is ready
// (docs/decisions/100-the-wizards-next-before-the-app.md). On a weak signal the app takes about
// 7 s to arrive; step 1's form (data-server-answers) is sent as it is, and the page that comes
// back shows step 2, drawn by the client's own components (client/src/first-screen.tsx), or step
// 1 again with its messages (422). What was typed goes back only in that page's body, which no
// cache keeps (server/web/static.ts sends a first screen private, no-store): never in an address,
// a cookie or a log. The app, once ready, starts from those answers and takes the screen's place.
import { Router, type Request, type RequestHandler } from "express";
import { QUOTE_SERVICE_TYPES } from "../../shared/enums";
import type { QuoteSeed } from "../../shared/first-screen";
import { quoteFirstStepForm } from "../../shared/quote-first-step";
import { QUOTE_FORM_DEFAULTS } from "../../shared/quote-form";
import type { Config } from "../platform/config";
import { answeredPageForm } from "../platform/http/page-form";
import type { Deps } from "./first-screen";

const QUOTE_PAGE = "/get-quote";
/** A description of 5,000 characters, urlencoded, with room for the other fields (shared/leads.ts). */
const BODY_LIMIT = "32kb";

type Values = QuoteSeed["values"];
const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Step 1's answers as typed, for a step shown again: text as it came, a choice only if it is one. */
function asTyped(body: Record<string, unknown>): Values {
  const serviceType = QUOTE_SERVICE_TYPES.find((type) => type === body.serviceType) ?? QUOTE_FORM_DEFAULTS.serviceType;
  return {
    serviceLocation: text(body.serviceLocation),
    electricalWork: text(body.electricalWork),
    serviceType,
    isFlexibleDates: body.isFlexibleDates !== "specific",
    preferredPickupDate: text(body.preferredPickupDate),
    preferredDropoffDate: text(body.preferredDropoffDate),
  };
}

/** Each field's first message, under its name, as the app shows them. */
function messagesOf(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? "");
    if (name && !(name in errors)) errors[name] = issue.message;
  }
  return errors;
}

/**
 * Step 1's form as the build-time page carries it, marked for the early-input script to let
 * through (server/platform/http/early-input.ts). The mark is written here, not by the app:
 * once the app is live the script leaves every form alone, and /get-quote's JavaScript budget
 * (.size-limit.js) has no room for it.
 */
export const withAnsweredQuoteForm = (html: string) =>
  html.replace(/<form\b([^>]*\baction="\/get-quote"[^>]*)>/, (form: string, attributes: string) =>
    attributes.includes("data-server-answers") ? form : `<form data-server-answers=""${attributes}>`,
  );

/**
 * `limiter`: the public forms' per-IP allowance. Past it the server renders nothing and the page's
 * catch-all answers as it always did (303 back to the page, where the app carries out Next): each
 * render costs a few ms of CPU, and a form that reads and writes nothing must not become a way to
 * spend it.
 */
export function quoteNextRoutes(deps: Deps & { site: Pick<Config, "PUBLIC_URL">; limiter: RequestHandler }) {
  const router = Router();
  const form = answeredPageForm(router, QUOTE_PAGE, deps.site, BODY_LIMIT);
  const withinLimit: RequestHandler = (req, res, next) => deps.limiter(req, res, (err?: unknown) => (err ? next("route") : next()));
  router.post(QUOTE_PAGE, withinLimit, ...form, async (req: Request, res, next) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const step = quoteFirstStepForm.safeParse(body);
    const values = asTyped(body);
    const seed: QuoteSeed = step.success
      ? { kind: "quote", path: QUOTE_PAGE, config: deps.config, step: 1, values: { ...values, serviceType: step.data.serviceType }, errors: {} }
      : { kind: "quote", path: QUOTE_PAGE, config: deps.config, step: 0, values, errors: messagesOf(step.error.issues) };
    try {
      const renderers = await deps.renderers();
      // Without the SSR build the page's catch-all answers as it always did: 303 back to the page.
      if (!renderers) return next();
      const html = await renderers.renderQuoteFirstScreen({ ...seed, url: QUOTE_PAGE });
      res.locals.firstScreen = { html, seed, status: step.success ? 200 : 422 };
    } catch (err) {
      // The error only: the body is what the customer typed.
      deps.logger.warn({ err }, "quote wizard: step 2 not rendered");
    }
    next();
  });
  return router;
}
