// Debian's Chromium as every browser test starts it; no Vitest here, so the browser tests'
// global setup can start the run's shared Chromium with it (e2e/global-setup.ts).
// Two builds of the same Chromium (docs/decisions/068): the journeys run on its headless shell,
// which renders with the same Blink and V8 but carries none of the browser's own interface, for
// about a quarter less CPU; a journey that needs what only the full browser has (the Push API's
// permission and service) asks for the full one.
import { chromium } from "playwright-core";
import { chromiumExecutable, type ChromiumBuild } from "../../server/test/chromium-path";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type { ChromiumBuild };

/** Either build stands in for the other when only one is installed (server/test/chromium-path.ts). */
export const launchOptions = (build: ChromiumBuild = "shell") => ({ executablePath: chromiumExecutable(build), args: ARGS });

/** A Chromium (its headless shell) for the whole browser run, which each file connects to. */
export const launchBrowserServer = () => chromium.launchServer(launchOptions("shell"));
