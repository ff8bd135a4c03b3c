// Auto-buy across two app instances on one PostgreSQL (docs/decisions/064-auto-buy-engine.md): one
// app in this process, one the production bundle in its own process (server/test/app-process.ts),
// so that it can be killed with SIGKILL mid-run as a crash would, and started again. Orders and
// leads are written straight to the database, as the orders API and intake would leave them; the
// instances find them by themselves (the orders by updated_at, the leads by the auction clock).
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { capWindows, fitsCaps, momentPriceReaches } from "../../../shared/auto-buy";
import { toCents } from "../../../shared/pricing";
import { autoBuyOrders, leadPurchases, leads, suburbs, type User } from "../../../shared/schema";
import { createApp, type App } from "../../app";
import { createPurchase, createUser } from "../../setup/factories";
import { removeAppProcessBundle, startAppProcess, type AppProcess } from "../../test/app-process";
import { testConfig } from "../../test/app";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { describeOnPostgres } from "../../test/postgres-only";

type Order = typeof autoBuyOrders.$inferSelect;
type Place = typeof suburbs.$inferSelect;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

describeOnPostgres(
  "auto-buy across two app instances on one PostgreSQL",
  () => {
    let database: TestDatabase;
    let a: App | null = null;
    let b: AppProcess | null = null;

    beforeAll(async () => {
      database = await createTestDatabase({ suburbs: true });
      a = createApp({ database, config: testConfig() });
      b = await startAppProcess(database.url!);
    }, 120_000);
    afterAll(async () => {
      await b?.stop();
      await a?.close();
      await database?.destroy();
      removeAppProcessBundle();
    });

    async function placeNamed(name: string, state: string): Promise<Place> {
      const [place] = await database.db
        .select()
        .from(suburbs)
        .where(and(eq(suburbs.name, name), eq(suburbs.state, state), isNotNull(suburbs.latitude)));
      return place!;
    }

    /** Approved owners working from `place`, with a 25 km service area. */
    function ownersAt(place: Place, count: number) {
      return Promise.all(
        Array.from({ length: count }, () =>
          createUser(database.db, {
            serviceLocation: `${place.name} ${place.state} ${place.postcode}`,
            serviceLatitude: place.latitude,
            serviceLongitude: place.longitude,
            serviceRadius: 25,
          }),
        ),
      );
    }

    /** `count` leads at `place` in one statement, the i-th on sale since `startedAt(i)` from $40. */
    function leadsAt(place: Place, count: number, startedAt: (i: number) => Date) {
      const tag = `${Date.now().toString(36)}-${place.postcode}`;
      return database.db
        .insert(leads)
        .values(
          Array.from({ length: count }, (_, i) => ({
            jobReference: `AB-${tag}-${i}`,
            customerName: "Karen Mitchell",
            customerPhone: "0412345678",
            serviceLocation: `${place.name} ${place.state} ${place.postcode}`,
            electricalWork: "Switchboard upgrade, the old fuses keep blowing",
            serviceType: "repair",
            propertyType: "residential",
            urgency: "emergency",
            leadScore: 6,
            phoneVerifiedAt: startedAt(i),
            suburbId: place.id,
            suburb: place.name,
            state: place.state,
            postcode: place.postcode,
            latitude: place.latitude,
            longitude: place.longitude,
            startingPrice: "40.00",
            createdAt: startedAt(i),
            auctionStartedAt: startedAt(i),
          })),
        )
        .returning();
    }

    /** The live purchases of these leads, once each is sold or `until` passes (then a moment more, for any second sale). */
    async function purchasesOnceSold(leadIds: number[], until: number) {
      const read = () => database.db.select().from(leadPurchases).where(inArray(leadPurchases.leadId, leadIds));
      while (new Set((await read()).map((p) => p.leadId)).size < leadIds.length && Date.now() < until) await sleep(100);
      await sleep(1_500);
      return read();
    }

    /** Every purchase made for these orders, by order, as the caps count them (refunded or not). */
    async function purchasesOf(orders: Order[]) {
      const rows = await database.db
        .select()
        .from(leadPurchases)
        .where(
          inArray(
            leadPurchases.autoBuyOrderId,
            orders.map((o) => o.id),
          ),
        );
      return new Map(orders.map((o) => [o.id, rows.filter((r) => r.autoBuyOrderId === o.id)]));
    }

    /** Within each Sydney day and week any of an order's purchases fall in, its caps hold. */
    function expectCapsKept(orders: Order[], byOrder: Map<number, Array<typeof leadPurchases.$inferSelect>>) {
      for (const order of orders) {
        const bought = byOrder.get(order.id)!;
        for (const p of bought) {
          const w = capWindows(p.purchasedAt);
          const inDay = bought.filter((q) => q.purchasedAt >= w.dayStart && q.purchasedAt < w.dayEnd);
          const weekCents = bought.filter((q) => q.purchasedAt >= w.weekStart && q.purchasedAt < w.weekEnd).reduce((sum, q) => sum + toCents(q.amountPaid), 0);
          expect(inDay.length, `order ${order.id}: leads on the Sydney day of purchase ${p.id}`).toBeLessThanOrEqual(order.maxPerDay);
          expect(weekCents, `order ${order.id}: cents spent in the Sydney week of purchase ${p.id}`).toBeLessThanOrEqual(toCents(order.maxPerWeek));
        }
      }
    }

    /** Each sale was made for one of `orders`, in its owner's name, at no more than its maximum, each lead once. */
    function expectSoldOnceForOrders(leadIds: number[], sold: Array<typeof leadPurchases.$inferSelect>, orders: Order[]) {
      expect(sold.map((p) => p.leadId).sort((x, y) => x - y)).toEqual([...leadIds].sort((x, y) => x - y));
      const byId = new Map(orders.map((o) => [o.id, o]));
      for (const p of sold) {
        const order = byId.get(p.autoBuyOrderId!);
        expect(order, `lead ${p.leadId} was bought for one of the orders`).toBeDefined();
        expect(p.buyerId).toBe(order!.ownerId);
        expect(toCents(p.amountPaid)).toBeLessThanOrEqual(toCents(order!.maxPrice));
      }
    }

    it("when 200 orders want the same 50 leads at once, then exactly 50 sales and no order goes past maxPerDay or maxPerWeek", async () => {
      const parramatta = await placeNamed("Parramatta", "NSW");
      const owners = await ownersAt(parramatta, 40);
      // Five orders an owner, in three kinds of area that all take Parramatta. The top 20 ($30)
      // can take about 25 leads between them, so the caps decide where the other half go:
      // without a hard cap in the sale, the top orders would take them all.
      const orders = await database.db
        .insert(autoBuyOrders)
        .values(
          Array.from({ length: 200 }, (_, i) => ({
            ownerId: owners[i % owners.length]!.id,
            radiusKm: i % 3 === 0 ? null : i % 3 === 1 ? 20 : 10,
            suburbId: i % 3 === 2 ? parramatta.id : null,
            serviceTypes: i % 4 === 0 ? ["repair", "upgrade"] : [],
            urgencies: i % 5 === 0 ? ["emergency", "urgent"] : [],
            maxPrice: i < 20 ? "30.00" : i < 60 ? "25.00" : "20.00",
            maxPerDay: 1 + (i % 2),
            maxPerWeek: i % 4 === 3 ? "15.00" : "100.00",
          })),
        )
        .returning();
      // Some have already bought today: one of them has no room left for the day.
      const now = new Date();
      for (const order of orders.filter((_, i) => i % 10 === 0)) {
        await createPurchase(database.db, order.ownerId, {
          lead: { status: "sold" },
          purchase: { autoBuyOrderId: order.id, amountPaid: "10.00", purchasedAt: new Date(now.getTime() - 60_000) },
        });
      }
      // Every lead is already under every maximum ($10.00 now, at 45 minutes of the hour): bought at once.
      const onSale = await leadsAt(parramatta, 50, () => new Date(Date.now() - 45 * 60_000));
      const leadIds = onSale.map((l) => l.id);

      const sold = await purchasesOnceSold(leadIds, Date.now() + 45_000);

      expectSoldOnceForOrders(leadIds, sold, orders);
      const byOrder = await purchasesOf(orders);
      expectCapsKept(orders, byOrder);
      // Highest maximum first: no sale went to a lower maximum while a higher order still has room for it.
      const used = (order: Order, at: Date) => {
        const w = capWindows(at);
        const bought = byOrder.get(order.id)!;
        return {
          boughtToday: bought.filter((q) => q.purchasedAt >= w.dayStart && q.purchasedAt < w.dayEnd).length,
          spentTodayCents: 0,
          spentThisWeekCents: bought.filter((q) => q.purchasedAt >= w.weekStart && q.purchasedAt < w.weekEnd).reduce((s, q) => s + toCents(q.amountPaid), 0),
        };
      };
      for (const p of sold) {
        const winner = orders.find((o) => o.id === p.autoBuyOrderId)!;
        const passedOver = orders.filter(
          (o) =>
            toCents(o.maxPrice) > toCents(winner.maxPrice) &&
            fitsCaps({ maxPerDay: o.maxPerDay, maxPerWeekCents: toCents(o.maxPerWeek) }, used(o, p.purchasedAt), toCents(p.amountPaid)),
        );
        expect(
          passedOver.map((o) => o.id),
          `lead ${p.leadId} went to a $${winner.maxPrice} order while these had room`,
        ).toEqual([]);
      }
    }, 90_000);

    it("when one instance is killed mid-run and none runs for a while, then after a restart every lead that reached a maximum is sold, none twice", async () => {
      const newcastle = await placeNamed("Newcastle", "NSW");
      const owners: User[] = await ownersAt(newcastle, 10);
      const orders = await database.db
        .insert(autoBuyOrders)
        .values(
          Array.from({ length: 20 }, (_, i) => ({
            ownerId: owners[i % owners.length]!.id,
            radiusKm: i % 2 === 0 ? null : 15,
            maxPrice: i < 5 ? "30.00" : "24.50",
            maxPerDay: 50,
            maxPerWeek: "2000.00",
          })),
        )
        .returning();
      // Each lead's price reaches $30 (the best maximum) at its own moment, spread over 1.5 s to 9 s from now.
      const t0 = Date.now();
      const untilReached = momentPriceReaches({ startingPrice: "40.00", auctionStartedAt: new Date(0) }, 3000)!.getTime();
      const momentOf = (i: number) => t0 + 1_500 + i * 190;
      const onSale = await leadsAt(newcastle, 40, (i) => new Date(momentOf(i) - untilReached));
      const leadIds = onSale.map((l) => l.id);

      // Mid-run: B dies without a word, as in a crash; A carries on alone, then stops too.
      await sleep(t0 + 3_500 - Date.now());
      await b!.kill();
      await sleep(t0 + 5_500 - Date.now());
      await a!.close();
      a = null;
      // No instance runs while these leads go on sale and their prices reach the maximum; then B starts again.
      const downAt = Date.now();
      const whileDown = await leadsAt(newcastle, 10, (i) => new Date(downAt + 300 + i * 100 - untilReached));
      // Down until the last of them has reached it: a restart can take less than that on a quiet machine.
      await sleep(downAt + 300 + 9 * 100 + 100 - Date.now());
      b = await startAppProcess(database.url!);
      const upAt = Date.now();
      leadIds.push(...whileDown.map((l) => l.id));
      const sold = await purchasesOnceSold(leadIds, upAt + 45_000);

      expect(
        leadIds.filter((id) => !sold.some((p) => p.leadId === id)),
        `unsold leads; instance B said: ${b.output()}`,
      ).toEqual([]);
      expectSoldOnceForOrders(leadIds, sold, orders);
      expectCapsKept(orders, await purchasesOf(orders));
      // Those whose price reached the maximum while no instance ran were bought after the restart.
      expect(downAt + 300 + 9 * 100).toBeLessThan(upAt);
      for (const lead of whileDown) expect(sold.find((p) => p.leadId === lead.id)!.purchasedAt.getTime()).toBeGreaterThan(downAt);
      const stillOnSale = await database.db
        .select({ id: leads.id })
        .from(leads)
        .where(and(inArray(leads.id, leadIds), eq(leads.status, "available")));
      expect(stillOnSale).toEqual([]);
    }, 150_000);
  },
  "skipped on PGlite: one process owns an embedded database, so there is no second instance to kill (TEST_DATABASE_URL runs it)",
);
