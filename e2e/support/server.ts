// A real server on a free loopback port over a fresh database, serving the built SPA.
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createApp } from "../../server/app";
import { loadConfig } from "../../server/platform/config";
import { prepareDatabase } from "../../server/setup/prepare";
import { seedDemo } from "../../server/setup/seed";
import { createLogger } from "../../server/platform/logger";
import { createTestDatabase } from "../../server/test/database";

export async function startServer(env: Record<string, string> = {}) {
  // Suburbs first, so the demo leads resolve their suburb as they do under `npm start`.
  const database = await createTestDatabase({ suburbs: true });
  const config = loadConfig({ NODE_ENV: "test", ...env });
  // The journeys sign in as the demo users on either database; `npm start` would seed only
  // an embedded one, so seed here first, then do the rest of its start-up work.
  await seedDemo(database.db);
  await prepareDatabase(database, config, createLogger(config));
  const app = createApp({ database, config, clientDir: path.resolve("dist/client") });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db: database.db,
    async stop() {
      await app.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.destroy();
    },
  };
}
