// POST /api/analytics/track (docs/product.md section 7). Failures are only logged as warnings
// (section 8): analytics never gets in a visitor's way.
import type { TrackEventInput } from "@shared/analytics";

/**
 * shared/job-page.ts's withoutJobToken for the addresses this site's pages have, written out
 * here: importing it would put one more chunk on every landing page (docs/decisions/028).
 * analytics.test.ts holds the two to the same answer; the server applies the full rule again
 * before it stores an event (docs/decisions/044-job-page.md).
 */
const redact = (path: string) => path.replace(/\/+job\/+[^?#\s]*/gi, "/job/*");

/**
 * Where an event happened, as it is recorded: a job link's token never (docs/product.md
 * section 14), neither in the page's path nor in the referrer (the site sends none today, but
 * a page opened from a job page under another policy would carry one).
 */
export const eventPage = (pathname: string, referrer: string): Pick<TrackEventInput, "pagePath" | "referrer"> => ({
  pagePath: redact(pathname),
  referrer: redact(referrer) || null,
});

export function trackEvent(eventType: string, eventData: Record<string, unknown> = {}) {
  const body: TrackEventInput = {
    eventType,
    eventData,
    ...eventPage(window.location.pathname, document.referrer),
    pageTitle: document.title,
    userAgent: navigator.userAgent,
  };
  return fetch("/api/analytics/track", {
    method: "POST",
    credentials: "include",
    keepalive: true,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  })
    .then((res) => {
      if (!res.ok) console.warn(`analytics: ${eventType} not recorded (${res.status})`);
    })
    .catch((err: unknown) => console.warn("analytics: event not sent", err));
}
