// What the server bundle takes in and what it leaves to node_modules (scripts/build-server.ts,
// and the test and bench bundles made the same way). Node resolves every file of an external
// package at start-up, reading package.json files up the tree for each: stripe (about 220 ES
// modules), drizzle-orm (110) and zod (100) cost a start more in resolving than in running, so
// these pure-JavaScript packages are bundled (docs/decisions/101-the-embedded-default-starts-from-an-image.md).
// Everything else stays external: native addons (sharp), WebAssembly found beside its module
// (PGlite, heic-decode), and the packages tracing instruments as Node loads them (pg, express, http).
import fs from "node:fs";
import path from "node:path";
import { build, type BuildOptions } from "esbuild";

const BUNDLED_PACKAGES = ["drizzle-orm", "zod", "zod-openapi", "stripe"];

/** esbuild's `external`: every package the project names, but the bundled ones. */
function externalPackages(): string[] {
  const manifest = JSON.parse(fs.readFileSync("package.json", "utf8")) as { dependencies: object; devDependencies: object };
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  return names.filter((name) => !BUNDLED_PACKAGES.includes(name));
}

/**
 * What every server bundle is built with: ES modules for the project's Node, the packages above
 * external, and code loaded by `await import` in chunks of its own. Without the chunks, Drizzle's
 * PGlite driver, taken into the bundle, would pull PGlite itself into every start, also on
 * PostgreSQL (docs/decisions/078-a-server-that-stays-small.md); they need an `outdir`.
 */
export function serverBundleOptions(): BuildOptions {
  return { bundle: true, splitting: true, platform: "node", target: "node20", format: "esm", external: externalPackages(), logLevel: "warning" };
}

/** One entry bundled to `outfile` (its chunks beside it), as `npm run build` bundles the server. */
export async function bundleEntry(entry: string, outfile: string): Promise<string> {
  await build({ entryPoints: [entry], outdir: path.dirname(outfile), entryNames: path.basename(outfile, ".js"), ...serverBundleOptions() });
  return outfile;
}
