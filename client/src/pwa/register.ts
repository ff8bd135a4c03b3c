// Registers the service worker (client/src/sw.ts), loaded by main.tsx only after the page has
// loaded and only in a production build: a landing page's first paint and its JavaScript
// budget (.size-limit.js) never carry it, and `npm run dev` has no worker to go stale.
import { Workbox } from "workbox-window";

export async function registerServiceWorker() {
  try {
    await new Workbox("/sw.js", { scope: "/" }).register();
  } catch {
    // Without a worker the site still works as a plain web page; alerts say so when asked.
  }
}
