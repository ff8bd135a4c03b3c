// This browser as an alert device (docs/decisions/030): whether it can take web push at all, the
// permission, the subscription with the server's VAPID key, and which stored device it is.
// docs/decisions/030 has the iPhone's rules.

export type PushSupport = "supported" | "unsupported" | "ios-install";

const isIos = () => /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
const isInstalled = () => window.matchMedia("(display-mode: standalone)").matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** iOS and iPadOS (16.4 and later) offer web push only to a site added to the Home Screen. */
export function pushSupport(): PushSupport {
  if (isIos() && !isInstalled()) return "ios-install";
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  return supported ? "supported" : "unsupported";
}

export const notificationPermission = (): NotificationPermission => ("Notification" in window ? Notification.permission : "default");

/** Which stored device is this browser: remembered when it was added. */
const THIS_DEVICE = "alerts.thisDevice";
export const thisDeviceId = () => localStorage.getItem(THIS_DEVICE);
export const rememberThisDevice = (id: string | null) => (id ? localStorage.setItem(THIS_DEVICE, id) : localStorage.removeItem(THIS_DEVICE));

const WORKER_WAIT_MS = 10_000;

/** The service worker's registration; it registers after the page loads (client/src/pwa/register.ts). */
async function workerRegistration() {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error("The app is still setting up on this device. Reload the page and try again.")), WORKER_WAIT_MS),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** base64url (the VAPID public key as the server gives it) to the bytes subscribe() takes. */
function keyBytes(base64url: string) {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/** A subscription for the server's key; one made for another key (keys changed) is replaced. */
export async function subscribe(vapidPublicKey: string): Promise<PushSubscriptionJSON> {
  const registration = await workerRegistration();
  const key = keyBytes(vapidPublicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing.toJSON();
  await existing?.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}

/** Forgets this browser's subscription, so its push service stops delivering to it. */
export async function unsubscribe() {
  const registration = await navigator.serviceWorker?.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
