// Which push endpoints the server will post to (SSRF, docs/decisions/029). A subscription's
// endpoint is a URL the browser hands us, and the sender POSTs to it: without a rule anyone
// signed in could make the server post inside our network (127.0.0.1, 10.x, metadata
// services). In production only the real push services' hosts are accepted, https on the
// default port. Outside production local receivers (tests, the bench) are allowed. Checked
// when a device is registered and again before every send (a row stored before this rule).

/** Exact hosts, and suffixes (".push.apple.com" matches web.push.apple.com). */
const PUSH_HOSTS = ["fcm.googleapis.com", "updates.push.services.mozilla.com"];
const PUSH_HOST_SUFFIXES = [".push.apple.com", ".notify.windows.com"];

export const MAX_DEVICES_PER_USER = 10;

export const ENDPOINT_MESSAGES = {
  notPushService: "The subscription's endpoint is not a known push service (Chrome, Firefox, Safari or Edge)",
  tooManyDevices: `You can have at most ${MAX_DEVICES_PER_USER} devices; remove one first`,
} as const;

/** True when the sender may post to this endpoint. */
export function isAllowedPushEndpoint(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (!production) return url.protocol === "https:" || url.protocol === "http:";
  // URL drops the default port, so any explicit port (even :443 written out is dropped) is refused.
  if (url.protocol !== "https:" || url.port !== "" || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_HOSTS.includes(host) || PUSH_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}
