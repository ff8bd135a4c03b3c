// `.ci/run`'s first check after install: npm scripts run on the pinned Node, or CI stops here.
import { checkPinnedNode } from "./pinned-node.mjs";

console.log(checkPinnedNode());
