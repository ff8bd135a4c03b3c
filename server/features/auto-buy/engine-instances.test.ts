// Two app instances on one PostgreSQL, each with its auto-buy engine (docs/decisions/064-auto-buy-engine.md):
// a due lead is claimed by one of them at a time (FOR UPDATE SKIP LOCKED) and sold once, and an
// order's caps hold when two of its sales run at the same moment (its row locked in the sale), and
// so do its business's across two orders (the owner's caps row locked too).
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { momentPriceReaches } from "../../../shared/auto-buy";
import { autoBuyBusinessCaps } from "../../../shared/schema";
import { priceNow } from "../../../shared/price-now";
import { createApp } from "../../app";
import { openDatabase, type Database } from "../../platform/db/client";
import { marketEventsFor } from "../../platform/events";
import { createDemoGateway } from "../../platform/payments/demo-gateway";
import { createTestApp } from "../../test/app";
import { describeOnPostgres } from "../../test/postgres-only";
import { movableClock, sydney } from "../../core/messages/test/messages";
import { ordersById } from "./engine-repo";
import { buyForOrder } from "./engine-sale";
import { commitSale, type SaleDeps } from "../marketplace/sale-service";
import { autoBoughtBy, clearMarket, leadInParramatta, orderFor, ownerAt, purchasesOf } from "./test/engine";

describeOnPostgres("auto-buy on two app instances", () => {
  const clock = movableClock(sydney("2026-11-23 12:00"));
  let a: Awaited<ReturnType<typeof createTestApp>>;
  let secondConnection: Database;
  let b: ReturnType<typeof createApp>;

  beforeAll(async () => {
    a = await createTestApp({ suburbs: true, now: clock.now, startAlertWorker: false, startAutoBuy: false });
    secondConnection = await openDatabase({ url: a.database.url });
    b = createApp({ database: secondConnection, config: a.config, now: clock.now, startAlertWorker: false, startAutoBuy: false });
  });
  /** One instance's order-sale deps, selling through the market's transaction as server/app.ts wires it. */
  const orderSaleDeps = (database: Pick<Database, "db" | "kind" | "url">) => {
    const logger = pino({ level: "silent" });
    const sale: SaleDeps = {
      db: database.db,
      payments: createDemoGateway(),
      logger,
      now: clock.now,
      events: marketEventsFor(database, logger),
      handover: { origin: "http://localhost", sitePhone: a.config.SITE_PHONE, promiseMinutes: 120 },
    };
    return {
      ...sale,
      origin: "http://localhost",
      wake: () => {},
      sell: (terms: Parameters<typeof commitSale>[1], attempt: { captureTried: boolean }) => commitSale(sale, terms, attempt),
    };
  };
  afterAll(async () => {
    await b.close();
    await secondConnection.close();
    await a.destroy();
  });

  it("when both engines run at once over the same due leads, then every lead is sold exactly once, each sale counted by one engine", async () => {
    const orders = [];
    for (let i = 0; i < 12; i++)
      orders.push(await orderFor(a.db, (await ownerAt(a.db)).id, { maxPrice: `${25 + (i % 4)}.00`, maxPerDay: 100, maxPerWeek: "5000.00" }));
    // Twelve rounds: a step by hand that joined the other's running pass once returned with a try
    // still in flight, about one round in thirty (server/features/auto-buy/engine.ts runOwnPass).
    for (let round = 0; round < 12; round++) {
      const batch = [];
      for (let i = 0; i < 15; i++) batch.push(await leadInParramatta(a.db, clock.now(), 18 + i));
      const before = a.app.autoBuy.lateness.length + b.autoBuy.lateness.length;
      await Promise.all([a.app.autoBuy.runOnce(), b.autoBuy.runOnce(), a.app.autoBuy.runOnce(), b.autoBuy.runOnce()]);
      for (const lead of batch) expect(await purchasesOf(a.db, lead.id)).toHaveLength(1);
      expect(a.app.autoBuy.lateness.length + b.autoBuy.lateness.length - before).toBe(batch.length);
    }
    await clearMarket(a.db);
  }, 120_000);

  it("when two leads trigger one order (1 a day) at the same moment, then it buys exactly one of them", async () => {
    const owner = await ownerAt(a.db);
    const order = await orderFor(a.db, owner.id, { maxPrice: "40.00", maxPerDay: 1 });
    const sides = [orderSaleDeps(a.database), orderSaleDeps(secondConnection)];
    for (let round = 0; round < 4; round++) {
      const leads = [await leadInParramatta(a.db, clock.now(), 18), await leadInParramatta(a.db, clock.now(), 19)];
      const outcomes = await Promise.all(
        leads.map(async (lead, i) => {
          const [row] = await ordersById(a.db, [order.id]);
          return buyForOrder(sides[i]!, row!, lead, priceNow(lead, null, false, clock.now()), clock.now());
        }),
      );
      expect(outcomes.filter((o) => o.kind === "sold")).toHaveLength(round === 0 ? 1 : 0);
      expect(await autoBoughtBy(a.db, order.id)).toHaveLength(1);
    }
    await Promise.all(sides.map((s) => s.events.close()));
    await clearMarket(a.db);
  }, 60_000);

  it("when two orders of one business (1 a day for the business) each trigger at the same moment on two instances, then exactly one lead is bought", async () => {
    const owner = await ownerAt(a.db);
    await a.db.insert(autoBuyBusinessCaps).values({ ownerId: owner.id, maxPerDay: 1 });
    const orders = [await orderFor(a.db, owner.id, { maxPrice: "40.00", maxPerDay: 5 }), await orderFor(a.db, owner.id, { maxPrice: "40.00", maxPerDay: 5 })];
    const sides = [orderSaleDeps(a.database), orderSaleDeps(secondConnection)];
    for (let round = 0; round < 4; round++) {
      const leads = [await leadInParramatta(a.db, clock.now(), 18), await leadInParramatta(a.db, clock.now(), 19)];
      const outcomes = await Promise.all(
        leads.map(async (lead, i) => {
          const [row] = await ordersById(a.db, [orders[i]!.id]);
          return buyForOrder(sides[i]!, row!, lead, priceNow(lead, null, false, clock.now()), clock.now());
        }),
      );
      expect(outcomes.filter((o) => o.kind === "sold")).toHaveLength(round === 0 ? 1 : 0);
      expect((await Promise.all(orders.map((o) => autoBoughtBy(a.db, o.id)))).flat()).toHaveLength(1);
    }
    await Promise.all(sides.map((s) => s.events.close()));
    await clearMarket(a.db);
  }, 60_000);

  it("when the engines run on the real clock, then new leads announced by the market and falling to the orders' maximums are bought once each (lateness printed)", async () => {
    const realA = createApp({ database: a.database, config: a.config, startAlertWorker: false });
    const realB = createApp({ database: secondConnection, config: a.config, startAlertWorker: false });
    const bus = marketEventsFor(a.database, pino({ level: "silent" }));
    try {
      const owners = [];
      for (let i = 0; i < 10; i++) owners.push(await ownerAt(a.db));
      const orders = [];
      for (const owner of owners) orders.push(await orderFor(a.db, owner.id, { maxPrice: "30.00" }));
      const start = new Date();
      const leads = [];
      for (let i = 0; i < 10; i++) {
        // $40.00 falling to $0 over an hour reaches $30.00 after 15 minutes: 2 to 4 s from now.
        const lead = await leadInParramatta(a.db, start, 0, { auctionStartedAt: new Date(start.getTime() - 15 * 60_000 + 2_000 + i * 200) });
        // Announced as the quote form announces a new lead: every instance hears it (LISTEN/NOTIFY) and schedules it.
        await a.db.transaction((tx) => bus.publish(tx, { type: "lead.added", leadId: lead.id }));
        leads.push({ lead, reaches: momentPriceReaches(lead, 3000)! });
      }
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const sold = await Promise.all(leads.map(async ({ lead }) => (await purchasesOf(a.db, lead.id)).length));
        if (sold.every((n) => n === 1)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      for (const { lead } of leads) expect(await purchasesOf(a.db, lead.id)).toHaveLength(1);
      const lateness = [...realA.autoBuy.lateness, ...realB.autoBuy.lateness].sort((x, y) => x - y);
      expect(lateness).toHaveLength(leads.length);
      console.info(`auto-buy lateness on the real clock, ms (price reached to commit): ${lateness.join(", ")}`);
    } finally {
      await bus.close();
      await realA.close();
      await realB.close();
      await clearMarket(a.db);
    }
  }, 60_000);
});
