// Limits across instances (docs/decisions/075-limits-and-edges.md): two app instances on one
// PostgreSQL count into the same counters, so the 11th failed sign-in for one username, the 6th
// password reset for one e-mail and the 11th market stream of one person are refused whichever
// instance they reach, and the streams of an instance that died stop counting when their leases run out.
import { eq, inArray } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../shared/auth-messages";
import { MARKET_STREAMS_PER_USER } from "../../../shared/marketplace";
import { marketStreamLeases } from "../../../shared/schema";
import { createApp } from "../../app";
import { openDatabase, type Database } from "../db/client";
import { createUser } from "../../setup/factories";
import { createTestApp, type TestApp } from "../../test/app";
import { listenOn, openMarketStream, sessionCookie, type MarketStream } from "../../test/market-stream";
import { describeOnPostgres } from "../../test/postgres-only";

describeOnPostgres("limits on two instances of one PostgreSQL", () => {
  let a: TestApp;
  let second: Database;
  let b: ReturnType<typeof createApp>;
  let onA: Awaited<ReturnType<typeof listenOn>>;
  let onB: Awaited<ReturnType<typeof listenOn>>;
  const opened: MarketStream[] = [];

  beforeAll(async () => {
    a = await createTestApp({ startAlertWorker: false, startAutoBuy: false });
    second = await openDatabase({ url: a.database.url });
    b = createApp({ database: second, config: a.config, startAlertWorker: false, startAutoBuy: false });
    [onA, onB] = [await listenOn(a.app), await listenOn(b)];
  });
  afterAll(async () => {
    opened.forEach((s) => s.close());
    await onB.close();
    await onA.close();
    await b.close();
    await second.close();
    await a.destroy();
  });

  it("when wrong passwords for one username alternate between the instances, then the 11th is refused on either, and a right one counts nothing", async () => {
    const user = await createUser(a.db);
    const instances = [a.app, b];
    const login = (n: number, password = "wrong-password") =>
      request(instances[n % 2]!)
        .post("/api/auth/login")
        .send({ username: user.username, password });
    expect((await login(0, "password123")).status).toBe(200);
    for (let n = 0; n < 10; n++) expect((await login(n)).status, `attempt ${n + 1}`).toBe(401);
    const eleventh = [await login(10), await login(11)];
    expect(eleventh.map((res) => res.status)).toEqual([429, 429]);
    expect(eleventh[0]!.body.message).toBe(AUTH_MESSAGES.tooManySignIns);
  });

  it("when one e-mail asks for password resets on both instances, then the 6th is refused whichever answers it", async () => {
    const user = await createUser(a.db);
    const forgot = (n: number) =>
      request(n % 2 ? b : a.app)
        .post("/api/auth/forgot-password")
        .send({ email: user.email });
    for (let n = 0; n < 5; n++) expect((await forgot(n)).status, `request ${n + 1}`).toBe(200);
    expect([(await forgot(5)).status, (await forgot(6)).status]).toEqual([429, 429]);
  });

  it("when one person opens streams on both instances, then the 11th is refused on either; leases an instance stopped renewing count no more", async () => {
    const user = await createUser(a.db);
    const cookies = [await sessionCookie(onA.url, user.username), await sessionCookie(onB.url, user.username)];
    const open = async (n: number) => {
      const s = await openMarketStream(n % 2 ? onB.url : onA.url, cookies[n % 2]!);
      opened.push(s);
      return s;
    };
    const streams = [];
    for (let n = 0; n < MARKET_STREAMS_PER_USER; n++) streams.push(await open(n));
    await Promise.all(streams.map((s) => s.ready()));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    expect([(await open(10)).status, (await open(11)).status]).toEqual([429, 429]);
    // An instance that died left its leases: once they have run out, they are not counted.
    const held = await a.db.select().from(marketStreamLeases).where(eq(marketStreamLeases.userId, user.id));
    expect(held).toHaveLength(MARKET_STREAMS_PER_USER);
    await a.db
      .update(marketStreamLeases)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(
        inArray(
          marketStreamLeases.id,
          held.slice(0, 3).map((l) => l.id),
        ),
      );
    const freed = [await open(12), await open(13), await open(14), await open(15)];
    expect(freed.map((s) => s.status)).toEqual([200, 200, 200, 429]);
  });
});
