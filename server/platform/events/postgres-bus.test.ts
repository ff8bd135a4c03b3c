// The bus across instances on PostgreSQL: when it may say it has heard every change this
// instance made (caughtUp), which decides whether market pages may be kept (docs/decisions/077).
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createLogger } from "../logger";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { describeOnPostgres } from "../../test/postgres-only";
import type { MarketEvents } from "./market-events";
import { postgresMarketEvents } from "./postgres-bus";

describeOnPostgres(
  "the PostgreSQL market bus",
  () => {
    let database: TestDatabase;
    let bus: MarketEvents;
    const heard: number[] = [];
    beforeAll(async () => {
      database = await createTestDatabase();
      bus = postgresMarketEvents(database.url!, createLogger({ LOG_LEVEL: "silent", NODE_ENV: "test" }));
      await bus.subscribe((signal) => {
        if ("eventId" in signal) heard.push(signal.eventId);
      });
    });
    afterAll(async () => {
      await bus.close();
      await database.destroy();
    });

    async function notify(eventId: number) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query("select pg_notify('market_events', $1)", [String(eventId)]);
      await client.end();
      await expect.poll(() => heard.includes(eventId)).toBe(true);
    }

    it("when a stored event's NOTIFY comes back only after it is stored, then the bus is behind until then", async () => {
      expect(bus.caughtUp()).toBe(true);
      bus.storedWithLead.stored(101);
      expect(bus.caughtUp()).toBe(false);
      await notify(101);
      expect(bus.caughtUp()).toBe(true);
    });

    it("when a quote's NOTIFY comes back before its statement returns (it commits first), then the bus is caught up at once", async () => {
      await notify(202);
      bus.storedWithLead.stored(202);
      expect(bus.caughtUp()).toBe(true);
    });
  },
  "skipped on PGlite: its market bus is in-process (server/platform/events/in-process-bus.ts), always caught up",
);
