// The embedded database's starting image, dist/embedded/start (docs/decisions/101-the-embedded-default-starts-from-an-image.md):
// the last step of `npm run build`.
import { EMBEDDED_START_DIR, makeEmbeddedStart } from "../server/setup/embedded-start";

const started = performance.now();
await makeEmbeddedStart();
console.log(`The embedded database's starting image: ${EMBEDDED_START_DIR} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
