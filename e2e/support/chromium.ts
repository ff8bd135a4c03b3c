// Debian's Chromium as every browser test starts it; no Vitest here, so the browser tests'
// global setup can start the run's shared Chromium with it (e2e/global-setup.ts).
// Two builds of the same Chromium (docs/decisions/068): the journeys run on its headless shell,
// which renders with the same Blink and V8 but carries none of the browser's own interface, for
// about a quarter less CPU; a journey that needs what only the full browser has (the Push API's
// permission and service) asks for the full one.
import { chromium } from "playwright-core";

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

/** `shell`: Debian's chromium-headless-shell; `full`: Debian's chromium. */
export type ChromiumBuild = "shell" | "full";

const EXECUTABLES: Record<ChromiumBuild, string> = {
  shell: process.env.CHROMIUM_SHELL_PATH ?? "/usr/bin/chromium-headless-shell",
  full: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
};

export const launchOptions = (build: ChromiumBuild = "shell") => ({ executablePath: EXECUTABLES[build], args: ARGS });

/** A Chromium (its headless shell) for the whole browser run, which each file connects to. */
export const launchBrowserServer = () => chromium.launchServer(launchOptions("shell"));
