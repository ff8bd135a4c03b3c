import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { createApp, type AppDeps } from "../app";
import { loadConfig, type Config } from "../platform/config";
import { createTestDatabase } from "./database";

export function testConfig(env: Record<string, string> = {}): Config {
  // Factories write leads straight to the database, which no market event announces: a kept
  // market page would hide them. The page cache's own tests turn it on (market-cache.test.ts).
  return loadConfig({ NODE_ENV: "test", MARKET_PAGE_KEEP_MS: "0", ...env });
}

/** The least a production start needs (server/platform/config.ts): tests take one variable away or add to it. */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  SESSION_SECRET: "x".repeat(40),
  STRIPE_SECRET_KEY: "sk_test_1",
  STRIPE_PUBLISHABLE_KEY: "pk_test_1",
  STRIPE_WEBHOOK_SECRET: "whsec_1",
  STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_connect_1",
  PUBLIC_URL: "https://sparks.example.com.au",
  BUSINESS_NAME: "Aussie Electricians Pty Ltd",
  BUSINESS_ABN: "51 824 753 556",
};

export interface TestAppOptions {
  env?: Record<string, string>;
  suburbs?: boolean;
  now?: AppDeps["now"];
  mailer?: AppDeps["mailer"];
  sms?: AppDeps["sms"];
  payments?: AppDeps["payments"];
  stripe?: AppDeps["stripe"];
  startAlertWorker?: AppDeps["startAlertWorker"];
  startAutoBuy?: AppDeps["startAutoBuy"];
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A migrated database and an app over it; call `destroy` when done. */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = await createTestDatabase({ suburbs: options.suburbs });
  const config = testConfig(options.env);
  const app = createApp({
    database,
    config,
    now: options.now,
    mailer: options.mailer,
    sms: options.sms,
    payments: options.payments,
    stripe: options.stripe,
    startAlertWorker: options.startAlertWorker,
    startAutoBuy: options.startAutoBuy,
  });
  const server = await listening(app);
  return {
    app,
    /**
     * The app listening on a loopback port, for supertest: given the app itself, supertest binds
     * a new server for every request, and with thousands of sockets in TIME_WAIT each bind to
     * port 0 searches the ephemeral range: a millisecond a request in the fuzz, a fifth of its CPU
     * (docs/decisions/069-cheaper-test-databases.md).
     */
    server,
    db: database.db,
    database,
    config,
    destroy: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
      await database.destroy();
    },
  };
}

async function listening(app: http.RequestListener) {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server as http.Server & { address(): AddressInfo };
}

/** The file's app: made before its first test, destroyed after its last (its fields are set from then on). */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const ctx = {} as TestApp;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(options));
  });
  afterAll(() => ctx.destroy?.());
  return ctx;
}

/** An app for one test, destroyed when `use` settles, pass or fail. */
export async function withTestApp<T>(options: TestAppOptions, use: (ctx: TestApp) => Promise<T>): Promise<T> {
  const ctx = await createTestApp(options);
  try {
    return await use(ctx);
  } finally {
    await ctx.destroy();
  }
}

/**
 * The apps a test file makes for itself with createApp, closed together by `closeAll` before its
 * database goes: an app left open keeps its LISTEN connection, and dropping a PostgreSQL test
 * database waits up to 2 s for that to end (server/test/database.ts).
 */
export function appsToClose() {
  const apps: Array<{ close(): Promise<void> }> = [];
  return {
    track<A extends { close(): Promise<void> }>(app: A): A {
      apps.push(app);
      return app;
    },
    closeAll: async () => {
      await Promise.all(apps.splice(0).map((app) => app.close()));
    },
  };
}
