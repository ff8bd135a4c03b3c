// The embedded database's two starting points for tests, as PGlite data-dir dumps: migrated, and
// migrated with the suburbs imported (docs/decisions/041). server/test/global-setup.ts writes them
// to disk once per run for the files to copy; on a PostgreSQL run, the few tests of the embedded
// start-up build them once in their worker (server/test/database.ts pgliteTemplate).
import { openDatabase } from "../platform/db/client";
import { importSuburbsIfEmpty } from "../core/suburbs/import";

export async function pgliteDumps(): Promise<{ migrated: Blob; withSuburbs: Blob }> {
  const database = await openDatabase({ dataDir: "memory://" });
  const client = database.pglite!;
  // Every test file unpacks a dump into memory and PGlite starts from it, so a smaller dump is a
  // faster start (docs/decisions/069-cheaper-test-databases.md): the tests use only the database
  // "postgres", so initdb's template0 and template1 go, and each dump is taken after checkpoints
  // that leave one WAL segment instead of the ones a migration and an import filled.
  await client.exec("update pg_database set datistemplate = false where datname in ('template0', 'template1')");
  await client.exec("drop database template0");
  await client.exec("drop database template1");
  const dump = async () => {
    await client.exec("set wal_recycle = off");
    await client.exec("checkpoint");
    await client.exec("checkpoint");
    return client.dumpDataDir("none");
  };
  await database.migrate();
  const migrated = await dump();
  await importSuburbsIfEmpty(database.db);
  const withSuburbs = await dump();
  await database.close();
  return { migrated, withSuburbs };
}
