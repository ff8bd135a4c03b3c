import type { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { getJson } from "@/lib/api-client";
import { CURRENT_USER_KEY } from "@/lib/auth";
import { PUBLIC_CONFIG_KEY } from "@/lib/use-public-config";
import type { PublicConfig } from "@shared/site";
// The app proper, loaded by main.tsx.
import { App } from "./app/App";
import { FIRST_SCREEN_ID } from "@shared/first-screen";
import { preloadPublicPage } from "./app/routes";

const container = document.getElementById("root")!;

/**
 * The server sends a landing page's build-time HTML only to a visitor without a session
 * cookie (server/web/static.ts): nobody is signed in, so no need to ask. The app takes over
 * that HTML (hydration) once the page's chunk and the site's phone are here, so its first
 * render is the very page on screen: nothing blanks, and what the visitor typed stays.
 */
async function prerenderedSeed() {
  const [config] = await Promise.all([getJson<PublicConfig>(PUBLIC_CONFIG_KEY[0]).catch(() => undefined), preloadPublicPage(window.location.pathname)]);
  return (client: QueryClient) => {
    client.setQueryData(CURRENT_USER_KEY, null);
    if (config) client.setQueryData(PUBLIC_CONFIG_KEY, config);
  };
}

/** Once the app has taken over the page, the marker goes: browser tests wait for that before they click. */
const markLive = () => container.removeAttribute("data-prerendered");

const prerendered = container.hasAttribute("data-prerendered");
// A first screen the server rendered for this request (a dashboard, a job page): the app starts
// with the answers it was rendered from, behind it, and takes its place once ready
// (docs/decisions/092-first-screen-from-the-server.md).
// Its module loads only then: it names the market's filters, which landing pages do not carry.
const seed = prerendered
  ? await prerenderedSeed()
  : document.getElementById(FIRST_SCREEN_ID)
    ? (await import("./app/first-screen-seed")).seedFromFirstScreen()
    : undefined;
const app = (
  <StrictMode>
    <App seed={seed} onLive={markLive} />
  </StrictMode>
);
if (prerendered) hydrateRoot(container, app);
else createRoot(container).render(app);
