// Which Chromium the browser tests start (docs/decisions/068, 075-limits-and-edges.md): Debian's
// headless shell for the journeys and the full browser for the push journey, each falling back to
// the other when only one is installed; with neither, the run stops at once with the one line to
// run, before anything is built.
import fs from "node:fs";

/** `shell`: Debian's chromium-headless-shell; `full`: Debian's chromium. */
export type ChromiumBuild = "shell" | "full";

export const CHROMIUM_INSTALL = "apt-get update && apt-get install -y chromium chromium-headless-shell";

export function chromiumExecutable(
  build: ChromiumBuild,
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = fs.existsSync,
): string {
  const shell = env.CHROMIUM_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
  const full = env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const candidates = build === "shell" ? [shell, full] : [full, shell];
  const found = candidates.find((path) => exists(path));
  if (!found) throw new Error(`No Chromium for the browser tests (looked for ${candidates.join(" and ")}). Install Debian's with:\n  ${CHROMIUM_INSTALL}`);
  return found;
}
