// Builds the SPA once before the browser tests, so they run what `npm start` serves.
import { build } from "vite";

export default async function setup() {
  await build({ configFile: "vite.config.ts", logLevel: "warn" });
}
