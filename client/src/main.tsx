// The entry, kept tiny. Over a landing page the server rendered (server/web/static.ts) it
// lets the browser paint first and only then fetches the app (start.tsx), so on a slow phone
// the page's first paint never shares the connection or the main thread with the app's JavaScript.
import "./index.css";

const PAINT_WAIT_MAX_MS = 200;

// The same over a first screen the server rendered for this request (docs/decisions/092-first-screen-from-the-server.md).
if (document.getElementById("root")!.hasAttribute("data-prerendered") || document.getElementById("first-screen")) {
  // A frame has been painted once a frame callback has run and the task after it starts; the
  // timeout covers a tab opened in the background, where frames do not run.
  await new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, PAINT_WAIT_MAX_MS);
  });
}
await import("./start");

// The installable app's service worker (docs/decisions/030): after load, in its own chunk, in
// a built app only (`vite build`'s mode, whatever NODE_ENV the build inherited: the browser
// tests build under Vitest's NODE_ENV=test), never under `npm run dev`.
if (import.meta.env.MODE === "production" && "serviceWorker" in navigator) {
  const register = () => void import("./pwa/register").then((m) => m.registerServiceWorker());
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
