// Start-up work on the database: migrate, fill suburbs once, bootstrap the super admin
// and, on an empty embedded database only, the demo data.
import { ensureSuperAdmin } from "../auth/bootstrap";
import type { Config } from "../config";
import type { Logger } from "../logger";
import { importSuburbsIfEmpty } from "../suburbs/import";
import type { Database } from "./client";
import { demoLoginLines, isEmpty, seedDemo } from "./seed";

export async function prepareDatabase(database: Database, config: Config, logger: Logger) {
  await database.migrate();
  const started = Date.now();
  const imported = await importSuburbsIfEmpty(database.db);
  if (imported > 0) logger.info({ suburbs: imported, ms: Date.now() - started }, "suburbs imported");

  const seedDemoData = database.kind === "pglite" && (await isEmpty(database.db));
  await ensureSuperAdmin(database.db, config);
  if (seedDemoData) {
    await seedDemo(database.db);
    logger.info("demo data seeded into the embedded database");
    console.log(["", ...demoLoginLines(), ""].join("\n"));
  }
}
