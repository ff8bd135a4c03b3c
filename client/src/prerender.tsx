// The landing pages as HTML at build time (scripts/prerender.ts, docs/decisions/028): the real
// components, rendered for a signed-out visitor, so a phone paints the page before the
// JavaScript has loaded. main.tsx then renders the same page over it.
import type { QueryClient } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import { CURRENT_USER_KEY } from "@/lib/auth";
import { PUBLIC_CONFIG_FALLBACK } from "@/lib/use-public-config";
import { App } from "./app/App";
import { preloadPublicPage } from "./app/routes";

const signedOut = (client: QueryClient) => client.setQueryData(CURRENT_USER_KEY, null);

/** The page's markup, and the phone and email written in it (the server puts the site's own in their place). */
export async function renderPage(path: string) {
  await preloadPublicPage(path);
  const html = renderToString(
    <Router ssrPath={path}>
      <App seed={signedOut} />
    </Router>,
  );
  return { html, sitePhone: PUBLIC_CONFIG_FALLBACK.sitePhone, siteEmail: PUBLIC_CONFIG_FALLBACK.siteEmail };
}
