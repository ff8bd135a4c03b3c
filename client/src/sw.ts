/// <reference lib="webworker" />
// The service worker (docs/decisions/030). Built by vite-plugin-pwa (injectManifest):
// Workbox writes the list of built files into self.__WB_MANIFEST.
// - The app shell only: the built scripts, styles, icons and the offline page, fetched at
//   install and answered from the cache. Nothing under /api is ever cached or even touched:
//   those responses hold customer details.
// - Navigations go to the network (the server writes each page's HTML); without a network the
//   offline page answers, never the browser's error.
// - push shows the new-lead alert; a tap opens (or focuses) the dashboard on that lead.
import { alertPayload, isSameOriginPath, OFFLINE_PAGE } from "./pwa/sw-rules";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const PRECACHE_LIST = self.__WB_MANIFEST;
// Once each: the plugin lists the manifest's icons a second time, and addAll refuses duplicates.
const SHELL = [...new Set(PRECACHE_LIST.map((entry) => new URL(entry.url, self.location.origin).pathname))];
/** A new build (any changed file or revision) gets a new cache; activate drops the old ones. */
const SHELL_CACHE = `app-shell-${hash(JSON.stringify(PRECACHE_LIST))}`;

function hash(text: string) {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

self.addEventListener("install", (event) => {
  // `reload`: past the HTTP cache, so an hour-old offline page from before a deploy never lands here.
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL.map((path) => new Request(path, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("app-shell-") && name !== SHELL_CACHE).map((name) => caches.delete(name))))
      // The page that registered the worker is controlled at once, so a first visit works offline too.
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => offlinePage()));
    return;
  }
  if (SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname, { cacheName: SHELL_CACHE }).then((cached) => cached ?? fetch(request)));
  }
});

async function offlinePage() {
  const page = await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE });
  return (
    page ?? new Response("You're offline. Check your connection and try again.", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } })
  );
}

self.addEventListener("push", (event) => {
  const alert = alertPayload(readJson(event.data));
  // Chromium's NotificationOptions type has no renotify yet; the browser reads it.
  const options: NotificationOptions & { renotify: boolean } = {
    body: alert.body,
    icon: "/icon-192.png",
    badge: "/badge-96.png",
    tag: alert.tag,
    data: { url: alert.url },
    // The same lead again (a retry) replaces its notification quietly rather than buzzing twice.
    renotify: false,
  };
  event.waitUntil(self.registration.showNotification(alert.title, options));
});

function readJson(data: PushMessageData | null): unknown {
  try {
    return data?.json();
  } catch {
    return undefined;
  }
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const target = new URL(isSameOriginPath(data?.url) ? data.url : "/dashboard", self.location.origin).href;
  event.waitUntil(openOrFocus(target));
});

/** An open tab of ours is brought forward and sent to the lead; otherwise a new window opens on it. */
async function openOrFocus(url: string) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const tab = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (tab) {
    // Focus may be refused (the browser decides when a page may come forward); the tab still goes to the lead.
    const focused = await tab.focus().catch(() => tab);
    // navigate() works only on a page this worker controls; an uncontrolled tab gets a new window.
    const moved = await focused.navigate(url).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(url);
}
