// Before the browser tests: the app built only when stale (scripts/build-if-stale.mjs), so
// they run what `npm start` serves and a CI run builds once; and one Chromium for the whole
// run, which each file connects to instead of launching its own (docs/decisions/041).
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { chromiumExecutable } from "../server/test/chromium-path";
import { launchBrowserServer } from "./support/chromium";

export default async function setup(project: TestProject) {
  // No Chromium: stop now with the install line, before minutes of building.
  chromiumExecutable("shell");
  buildIfStale({ quiet: true });
  const chromium = await launchBrowserServer();
  project.provide("chromiumEndpoint", chromium.wsEndpoint());
  return () => chromium.close();
}
