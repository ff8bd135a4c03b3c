// Before the API tests on the embedded default: one migrated PGlite (and one with the
// suburbs imported) dumped to disk, so each test file loads a copy instead of running
// initdb, the migrations and the suburbs import again (seconds per file on 2 cores).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { importSuburbsIfEmpty } from "../suburbs/import";

declare module "vitest" {
  export interface ProvidedContext {
    /** Paths of the PGlite data-dir dumps; empty when the tests run on PostgreSQL. */
    pgliteTemplates: { migrated: string; withSuburbs: string } | null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("pgliteTemplates", null);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ae-pglite-"));
  const database = await openDatabase({ dataDir: "memory://" });
  const client = database.pglite!;
  const dump = async (name: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    return file;
  };
  await database.migrate();
  const migrated = await dump("migrated.tar");
  await importSuburbsIfEmpty(database.db);
  const withSuburbs = await dump("with-suburbs.tar");
  await database.close();
  project.provide("pgliteTemplates", { migrated, withSuburbs });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
