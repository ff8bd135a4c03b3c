// `npm run db:seed`: puts the demo data into the configured database (also a DATABASE_URL one).
import { ensureSuperAdmin } from "../core/accounts";
import { loadConfig, loadEnvFileIfPresent } from "../platform/config";
import { importSuburbsIfEmpty } from "../core/suburbs";
import { openDatabase } from "../platform/db/client";
import { demoLoginLines, isEmpty, seedDemo } from "./seed";

loadEnvFileIfPresent();
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  await importSuburbsIfEmpty(database.db);
  if (config.isProduction) {
    // Demo accounts share one known password (docs/decisions/017).
    console.log("NODE_ENV is production; demo data is never added there.");
  } else if (await isEmpty(database.db)) {
    await seedDemo(database.db);
    console.log(demoLoginLines(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).join("\n"));
  } else {
    console.log("The database already has users or leads; demo data not added.");
  }
  await ensureSuperAdmin(database.db, config);
} finally {
  await database.close();
}
