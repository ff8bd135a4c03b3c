// `npm start`: build what is missing or out of date, then run the built server on the
// pinned Node (docs/decisions/041).
import path from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";
import { checkPinnedNode } from "./pinned-node.mjs";

console.log(checkPinnedNode());
buildIfStale();

// Same process, so SIGTERM reaches the server's graceful shutdown directly.
process.setSourceMapsEnabled(true);
await import(path.resolve("dist/server/index.js"));
