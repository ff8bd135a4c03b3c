// What wakes a running auto-buy engine (docs/decisions/132-contested-purchases-with-less-beside-them.md):
// a market event starts a pass at once only while some order can buy; with none, the event waits
// for the next tick, since a pass then has nothing to buy. The tick here is a minute long, so
// only an event can explain a pass within the test.
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { autoBuyDue, leads } from "../../../shared/schema";
import { marketEventsFor } from "../../platform/events";
import { createDemoGateway } from "../../platform/payments/demo-gateway";
import { createTestApp, type TestApp } from "../../test/app";
import { movableClock, sydney } from "../../core/messages/test/messages";
import { commitSale, type SaleDeps } from "../marketplace/sale-service";
import { createAutoBuyEngine, type AutoBuyEngine } from "./engine";
import { clearMarket, leadInParramatta, orderFor, ownerAt } from "./test/engine";

const clock = movableClock(sydney("2026-11-23 12:00"));
const HOUR = 60 * 60_000;
let ctx: TestApp;
let engine: AutoBuyEngine;
let events: SaleDeps["events"];

beforeAll(async () => {
  ctx = await createTestApp({ suburbs: true, now: clock.now, startAlertWorker: false, startAutoBuy: false });
  const logger = pino({ level: "silent" });
  events = marketEventsFor(ctx.database, logger);
  const sale: SaleDeps = {
    db: ctx.db,
    payments: createDemoGateway(),
    logger,
    now: clock.now,
    events,
    handover: { origin: "http://localhost", sitePhone: ctx.config.SITE_PHONE, promiseMinutes: 120 },
  };
  engine = createAutoBuyEngine({
    ...sale,
    origin: "http://localhost",
    wake: () => {},
    sell: (terms, attempt) => commitSale(sale, terms, attempt),
    tickMs: 60_000,
  });
  await engine.start();
});
afterAll(async () => {
  await engine.stop();
  await events.close();
  await clearMarket(ctx.db);
  await ctx.destroy();
});

/** A lead on sale with a schedule an hour away, then sold, its lead.removed event published with the sale. */
async function soldWithSchedule() {
  const lead = await leadInParramatta(ctx.db, clock.now(), 5);
  await ctx.db.insert(autoBuyDue).values({ leadId: lead.id, dueAt: new Date(clock.now().getTime() + HOUR), clock: lead.auctionStartedAt });
  await ctx.db.transaction(async (tx) => {
    await tx.update(leads).set({ status: "sold" }).where(eq(leads.id, lead.id));
    await events.publish(tx, { type: "lead.removed", leadId: lead.id, reason: "sold" });
  });
  return lead.id;
}
const scheduled = async (leadId: number) => (await ctx.db.select().from(autoBuyDue).where(eq(autoBuyDue.leadId, leadId))).length > 0;

it("when no order can buy, then a sale's event starts no pass: the sold lead's schedule waits for the tick", async () => {
  await engine.runOnce();
  const leadId = await soldWithSchedule();
  await new Promise((r) => setTimeout(r, 750));
  expect(await scheduled(leadId)).toBe(true);
});

it("when an order can buy, then a sale's event starts a pass at once, which drops the sold lead's schedule", async () => {
  await orderFor(ctx.db, (await ownerAt(ctx.db)).id);
  // The pass by hand reads the new order into the engine's book, as the order sweep does each second.
  await engine.runOnce();
  const leadId = await soldWithSchedule();
  await expect.poll(() => scheduled(leadId), { timeout: 5_000, interval: 50 }).toBe(false);
});
