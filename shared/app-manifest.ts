// The web app manifest (docs/decisions/030): what a phone shows when the site is added to its home
// screen. vite.config.ts writes it to /manifest.webmanifest; the browser test checks it.
import { PRODUCT_NAME } from "./site";

/** The header's navy (client/src/index.css --color-brand-800), as in index.html's theme-color. */
export const THEME_COLOUR = "#1e3a8a";

export const APP_MANIFEST = {
  name: PRODUCT_NAME,
  short_name: "AE Leads",
  description: "Electrical leads near you as they come in: buy a job before its price falls to $0, then run it through your pipeline.",
  id: "/dashboard",
  start_url: "/dashboard",
  scope: "/",
  display: "standalone" as const,
  orientation: "portrait" as const,
  theme_color: THEME_COLOUR,
  background_color: "#f8fafc",
  lang: "en-AU",
  categories: ["business", "productivity"],
  icons: [
    { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};
