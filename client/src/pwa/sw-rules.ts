// What the service worker (client/src/sw.ts) decides about its input, kept apart so it is
// tested on its own: the push payload it shows and where a notification tap may go.

export const OFFLINE_PAGE = "/offline.html";

/** The server's alert (see the alerts server's push payload): one lead, or a digest. */
export interface AlertNotification {
  title: string;
  body: string;
  /** A path on this site: /dashboard?lead=<id> or /dashboard. */
  url: string;
  /** lead-<id> or digest: one notification per lead, a new digest replaces the last. */
  tag: string;
}

const text = (value: unknown, max: number) => (typeof value === "string" && value.trim() ? value.slice(0, max) : undefined);

/** A path on this site only: a payload must never send a tap to another site. */
export function isSameOriginPath(value: unknown): value is string {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
}

/**
 * The payload as the notification shows it. The push service delivers only what our server
 * encrypted, but a malformed one still shows a plain alert that opens the dashboard rather
 * than nothing (Chrome penalises a push that shows no notification).
 */
export function alertPayload(raw: unknown): AlertNotification {
  const data = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const leadId = typeof data.leadId === "number" || typeof data.leadId === "string" ? String(data.leadId) : undefined;
  return {
    title: text(data.title, 120) ?? "New lead near you",
    body: text(data.body, 300) ?? "Open the dashboard to see it.",
    url: isSameOriginPath(data.url) ? data.url : leadId ? `/dashboard?lead=${encodeURIComponent(leadId)}` : "/dashboard",
    tag: text(data.tag, 64) ?? (leadId ? `lead-${leadId}` : "alert"),
  };
}
