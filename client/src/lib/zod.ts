// Zod as the browser bundle sees it (vite.config.ts points "zod" here). Zod probes for eval
// (new Function) when it builds an object schema, to compile a faster parser; our
// Content-Security-Policy forbids eval, so the probe is reported as a violation on every page
// (Lighthouse best practices). Every schema module imports Zod through this file, so the
// setting is in place before the first schema is built.
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
