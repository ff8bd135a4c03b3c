// Builds the app once before the browser tests (`npm run build`: the SPA, its landing pages
// rendered at build time, the server), so they run what `npm start` serves.
import { execFileSync } from "node:child_process";

export default function setup() {
  execFileSync("npm", ["run", "build", "--silent"], { stdio: ["ignore", "ignore", "inherit"] });
}
