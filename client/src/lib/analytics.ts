// POST /api/analytics/track (docs/product.md section 7). Failures are only logged as warnings
// (section 8): analytics never gets in a visitor's way.
import type { TrackEventInput } from "@shared/analytics";

export function trackEvent(eventType: string, eventData: Record<string, unknown> = {}) {
  const body: TrackEventInput = {
    eventType,
    eventData,
    pagePath: window.location.pathname,
    pageTitle: document.title,
    userAgent: navigator.userAgent,
    referrer: document.referrer || null,
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
