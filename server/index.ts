// Process entry: config, database, listen, graceful shutdown. Nothing else lives here.
import path from "node:path";
import { createApp } from "./app";
import { ConfigError, loadConfig, loadEnvFileIfPresent } from "./platform/config";
import { openDatabase } from "./platform/db/client";
import { prepareDatabase, refreshEmbeddedStatistics } from "./setup/prepare";
import { usableEmbeddedStart } from "./setup/embedded-start";
import { createLogger } from "./platform/logger";
import { createMailer } from "./platform/mail";
import { startLicenceReminders } from "./features/vetting";
import { flushTraces } from "./platform/tracing/flush";

let config: ReturnType<typeof loadConfig>;
try {
  loadEnvFileIfPresent();
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const logger = createLogger(config);
if (config.isProduction && config.SMS_PROVIDER === "log") {
  // Allowed (docs/decisions/034): quotes still go on sale, only the mobile check is lost.
  logger.warn("SMS_PROVIDER=log in production: customers get no SMS code, codes are only written to the log");
}
// Embedded: a new data folder starts from the build's image instead of initdb, and PostgreSQL keeps
// a 16 MB buffer pool instead of 128 MB, enough for one business's data, which the OS's file
// cache holds as well (docs/decisions/101-the-embedded-default-starts-from-an-image.md).
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  firstStartFrom: usableEmbeddedStart(),
  settings: { shared_buffers: "16MB" },
});
if (database.startedFromImage) logger.info("embedded database: a new data folder, started from the build's image");
await prepareDatabase(database, config, logger);

const clientDir = path.resolve(process.cwd(), "dist/client");
const mailer = createMailer(config, logger);
const app = createApp({ database, config, logger, clientDir, mailer });
// Licence expiry reminders, claimed in the database so several instances send each once (docs/decisions/033).
const reminders = startLicenceReminders({
  db: database.db,
  mailer,
  logger,
  now: () => new Date(),
  siteOrigin: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
});
const server = app.listen(config.PORT, config.HOST, () => {
  const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${path.resolve(config.DATA_DIR)}`;
  console.log(`Aussie Electricians is running at http://localhost:${config.PORT}  (database: ${where}, payments: ${config.paymentsMode})`);
  void refreshEmbeddedStatistics(database, logger);
});

let stopping = false;
/**
 * The drain (docs/decisions/098-restarts-without-a-dropped-request.md): unready at once, still
 * serving for DRAIN_DELAY_MS while the balancer's probes take the instance out (each answer closing
 * its connection), then no longer listening; the market's streams are ended so their browsers
 * resume on another instance, what is in flight finishes, and the workers finish what they claimed.
 * Ctrl-C in a terminal (SIGINT) has no balancer to wait for.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  const delayMs = signal === "SIGTERM" ? (config.DRAIN_DELAY_MS ?? (database.kind === "postgres" ? 5000 : 0)) : 0;
  logger.info({ signal, delayMs }, "shutting down: unready, then finishing open requests");
  app.drain();
  setTimeout(() => {
    logger.error("forced exit: the drain took over 10 s past its delay");
    process.exit(1);
  }, delayMs + 10_000).unref();
  await new Promise((r) => setTimeout(r, delayMs));
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await reminders.stop();
  // The streams end first (they never finish by themselves), then the background work (auto-buy
  // passes, the worker's sweeps) before the pool closes: closed first, a pass under way failed
  // with "Cannot use a pool after calling end".
  await app.close();
  await drained;
  await database.close();
  // The spans of requests that finished while draining: process.exit would cut their export short (docs/decisions/097-traces.md).
  await flushTraces();
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
