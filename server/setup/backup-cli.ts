// `npm run backup -- <file>` and `npm run restore -- <file>` (docs/operations.md): the configured
// database (DATABASE_URL, or the embedded one in DATA_DIR) to a file, or a file into an empty one.
import { loadConfig, loadEnvFileIfPresent } from "../platform/config";
import { backup, restore } from "./backup";

const [command, file] = process.argv.slice(2);
if ((command !== "backup" && command !== "restore") || !file) {
  console.error("Usage: npm run backup -- <file>   |   npm run restore -- <file>");
  process.exit(2);
}
loadEnvFileIfPresent();
const config = loadConfig();
const target = { url: config.DATABASE_URL, dataDir: config.DATA_DIR };
try {
  if (command === "backup") {
    const done = await backup(target, file);
    console.log(`Backed up the ${done.kind === "postgres" ? "PostgreSQL" : "embedded"} database to ${done.file} (${done.bytes.toLocaleString()} bytes).`);
  } else {
    await restore(target, file);
    console.log(`Restored ${file} into the ${target.url ? "PostgreSQL database in DATABASE_URL" : `embedded database in ${target.dataDir}`}.`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
