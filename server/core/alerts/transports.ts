// How an alert leaves the server. Push: web-push encrypts (aes128gcm) and signs the VAPID JWT
// (generateRequestDetails); we make the HTTP request ourselves with fetch, because web-push's
// own sender speaks https only (local receivers in tests and the bench are http) and fetch
// keeps connections to a push service alive across a burst. E-mail: the app's mailer.
import webpush from "web-push";
import type { PushDevice } from "../../../shared/schema";
import type { Mail, Mailer } from "../../platform/mail";
import { isAllowedPushEndpoint } from "./endpoints";
import type { VapidKeys } from "./vapid";

/** What the push service said: delivered, gone for good (404/410), or worth retrying. */
export type PushResult = { ok: true } | { ok: false; gone: boolean; retry: boolean; error: string };

/**
 * Push services answer in well under a second; 10 s keeps one slow request far inside the
 * sender's lease (queue.ts), so a send never outlives its claim. A timed-out request the push
 * service did take is sent again (a repeat the tag collapses).
 */
export const PUSH_TIMEOUT_MS = 10_000;
/** Four hours: a lead alert is worthless once the auction is long over. */
const PUSH_TTL_SECONDS = 4 * 3600;

export async function sendPush(
  device: Pick<PushDevice, "endpoint" | "p256dh" | "auth">,
  payload: object,
  keys: VapidKeys,
  topic: string,
  urgent: boolean,
  production: boolean,
): Promise<PushResult> {
  // A row stored before the endpoint rule, or a rule tightened since: never posted to. Treated
  // as gone, so the device is removed and the browser subscribes again through the checked route.
  if (!isAllowedPushEndpoint(device.endpoint, production)) return { ok: false, gone: true, retry: false, error: "the endpoint is not a known push service" };
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
      headers: { Authorization: vapidAuthorization(device.endpoint, keys) },
      TTL: PUSH_TTL_SECONDS,
      urgency: urgent ? "high" : "normal",
      // The push service replaces an undelivered message with the same topic: a rare repeat collapses there too.
      topic,
    });
  } catch (err) {
    // Keys that are not a point on the curve: no retry can fix that.
    return { ok: false, gone: false, retry: false, error: err instanceof Error ? err.message : String(err) };
  }
  try {
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: new Uint8Array(details.body as Buffer),
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      // Never follow a redirect: the endpoint rule (endpoints.ts) checked this URL, not where it points.
      redirect: "manual",
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.ok) return { ok: true };
    const error = `push service answered ${res.status}`;
    // A 3xx (or fetch's opaque redirect, status 0) is not a push service's answer: failed, not retried.
    if (res.type === "opaqueredirect" || (res.status >= 300 && res.status < 400)) return { ok: false, gone: false, retry: false, error };
    if (res.status === 404 || res.status === 410) return { ok: false, gone: true, retry: false, error };
    return { ok: false, gone: false, retry: res.status === 429 || res.status >= 500, error };
  } catch (err) {
    // Network errors and timeouts: the push service may be back in a moment.
    return { ok: false, gone: false, retry: true, error: err instanceof Error ? err.message : String(err) };
  }
}

/** A VAPID JWT is good for up to 24 h (RFC 8292); ours say 12 h and are made again after 1 h. */
const JWT_LIFETIME_S = 12 * 3600;
const JWT_REUSE_MS = 3600_000;
const jwtCache = new Map<string, { authorization: string; madeAt: number }>();

/**
 * `vapid t=<JWT>, k=<key>` for the endpoint's push service. The JWT names only the audience
 * (the push service's origin), the subject and the expiry, so one per push service is signed
 * and reused: ES256 signing through web-push costs milliseconds, once per message it was most
 * of a 2,000-alert burst's time (docs/benchmarks.md, bench:alerts).
 */
function vapidAuthorization(endpoint: string, keys: VapidKeys): string {
  const audience = new URL(endpoint).origin;
  const cacheKey = `${audience} ${keys.publicKey} ${keys.subject}`;
  const kept = jwtCache.get(cacheKey);
  if (kept && Date.now() - kept.madeAt < JWT_REUSE_MS) return kept.authorization;
  const expiration = Math.floor(Date.now() / 1000) + JWT_LIFETIME_S;
  const { Authorization } = webpush.getVapidHeaders(audience, keys.subject, keys.publicKey, keys.privateKey, "aes128gcm", expiration) as {
    Authorization: string;
  };
  if (jwtCache.size >= 100) jwtCache.delete(jwtCache.keys().next().value!);
  jwtCache.set(cacheKey, { authorization: Authorization, madeAt: Date.now() });
  return Authorization;
}

export async function sendMail(mailer: Mailer, mail: Mail): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    await mailer.send(mail);
    return { ok: true };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
