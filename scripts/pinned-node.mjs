// The project runs on the Node it pins: the `node` package in package.json puts that exact
// version in node_modules/.bin, which npm scripts find before the machine's own
// (docs/decisions/041). Start-up, tests and benches call this so a run on any other Node
// stops at once instead of passing on a runtime production does not use.
import fs from "node:fs";

const packageJson = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8"));

/** The exact version package.json pins, e.g. "24.21.0". */
export const PINNED_NODE = packageJson.dependencies.node;

/** Throws unless this process runs the pinned Node; otherwise returns a line saying which Node runs. */
export function checkPinnedNode(version = process.version) {
  if (version !== `v${PINNED_NODE}`) {
    throw new Error(
      `This project runs on Node ${PINNED_NODE} (the "node" package), but this is Node ${version}. ` +
        "Run it through npm (npm start, npm test, npm run bench) after npm install, or put node_modules/.bin first on PATH.",
    );
  }
  return `Node ${version} (pinned ${PINNED_NODE})`;
}
