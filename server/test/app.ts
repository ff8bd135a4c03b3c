import { createApp, type AppDeps } from "../app";
import { loadConfig, type Config } from "../config";
import { createTestDatabase } from "./database";

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: "test", ...env });
}

/** A migrated database and an app over it; call `destroy` in afterAll. */
export async function createTestApp(options: { env?: Record<string, string>; suburbs?: boolean; now?: AppDeps["now"]; mailer?: AppDeps["mailer"]; payments?: AppDeps["payments"]; stripe?: AppDeps["stripe"] } = {}) {
  const database = await createTestDatabase({ suburbs: options.suburbs });
  const config = testConfig(options.env);
  const app = createApp({ db: database.db, config, now: options.now, mailer: options.mailer, payments: options.payments, stripe: options.stripe });
  return { app, db: database.db, database, config, destroy: () => database.destroy() };
}
