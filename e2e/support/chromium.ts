// Debian's Chromium as every browser test starts it; no Vitest here, so the browser tests'
// global setup can start the run's shared Chromium with it (e2e/global-setup.ts).
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

export const launchOptions = () => ({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ARGS });

/** A Chromium for the whole browser run, which each file connects to. */
export const launchBrowserServer = () => chromium.launchServer(launchOptions());
