// The embedded database's starting image (docs/decisions/101-the-embedded-default-starts-from-an-image.md):
// a data folder already migrated, with the suburbs imported, made once by `npm run build`. A new
// DATA_DIR is copied from it instead of running PGlite's initdb (a second WebAssembly PostgreSQL
// beside the first, about 5 s and 800 MiB) and the suburbs import (1.5 s).
import fs from "node:fs";
import path from "node:path";
import { fillSuburbRegionsIfMissing, importSuburbsIfEmpty } from "../core/suburbs";
import { openDatabase } from "../platform/db/client";

/** Where the build leaves the image and the server looks for it (beside the rest of the build). */
export const EMBEDDED_START_DIR = path.resolve(process.cwd(), "dist/embedded/start");
/** Beside the image's data folder (not copied with it): the PGlite that made it. */
export const MADE_BY = "made-by-pglite";

/** The installed PGlite's version: a data folder opens only in the PostgreSQL that made it. */
const installedPglite = () =>
  (JSON.parse(fs.readFileSync(path.resolve(process.cwd(), "node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string }).version;

/**
 * The image, when there is one made by the PGlite installed now; otherwise nothing, and a new
 * data folder is made by initdb as before there was an image (a dist/ older than an upgrade,
 * run without `npm start`'s rebuild).
 */
export function usableEmbeddedStart(dir = EMBEDDED_START_DIR): string | undefined {
  try {
    return fs.readFileSync(path.join(dir, MADE_BY), "utf8") === installedPglite() ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** Makes the image in `dir` (replacing one there); made beside it and renamed, so a server starting meanwhile never copies half of one. */
export async function makeEmbeddedStart(dir = EMBEDDED_START_DIR) {
  const part = `${dir}.part`;
  fs.rmSync(part, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: part });
  try {
    await database.migrate();
    await importSuburbsIfEmpty(database.db);
    await fillSuburbRegionsIfMissing(database.db);
    // Less to copy on a first start (as the test dumps, docs/decisions/069-cheaper-test-databases.md):
    // the app uses only the database "postgres", so initdb's template0 and template1 go (nothing
    // here creates a database); two checkpoints with recycling off leave one WAL segment.
    for (const statement of [
      // The planner's statistics of the suburbs go with the image (pg_statistic is a table).
      "analyze",
      "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
      "drop database template0",
      "drop database template1",
      "set wal_recycle = off",
      "select pg_switch_wal()",
      "checkpoint",
      "checkpoint",
    ]) {
      await database.pglite!.exec(statement);
    }
  } finally {
    await database.close();
  }
  fs.writeFileSync(path.join(part, MADE_BY), installedPglite());
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(part, dir);
}
