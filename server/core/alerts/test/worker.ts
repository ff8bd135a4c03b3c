// An alert worker of a test's own over the test app's database, as another instance would run
// it, its market events and anything else given by the test.
import type { MarketEvents } from "../../../platform/events/market-events";
import { createLogger } from "../../../platform/logger";
import { createMailer } from "../../../platform/mail/mailer";
import type { TestApp } from "../../../test/app";
import { vapidSource } from "../vapid";
import { createAlertWorker, type AlertWorkerDeps } from "../worker";

/** Never woken by the bus unless `overrides.events` is given; its poll is an hour apart. */
export function workerOf(ctx: Pick<TestApp, "db" | "config">, overrides: Partial<AlertWorkerDeps> = {}) {
  const logger = createLogger(ctx.config);
  return createAlertWorker({
    db: ctx.db,
    events: { subscribe: async () => () => undefined } as unknown as MarketEvents,
    logger,
    mailer: createMailer(ctx.config, logger),
    vapid: vapidSource(ctx.db, ctx.config),
    now: () => new Date(),
    origin: "https://sparks.example.com.au",
    sessionSecret: ctx.config.sessionSecret,
    pollMs: 3600_000,
    production: false,
    ...overrides,
  });
}
