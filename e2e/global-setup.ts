// Builds the app before the browser tests only when it is stale (scripts/build-if-stale.mjs),
// so they run what `npm start` serves and a CI run builds once.
import { buildIfStale } from "../scripts/build-if-stale.mjs";

export default function setup() {
  buildIfStale({ quiet: true });
}
