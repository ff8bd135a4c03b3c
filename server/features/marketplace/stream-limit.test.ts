// At most MARKET_STREAMS_PER_USER open market streams per user on an instance
// (docs/decisions/037-every-job-write-carries-its-version.md): one cookie once held 1,500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKET_STREAMS_PER_USER, TOO_MANY_STREAMS } from "../../../shared/marketplace";
import { createUser } from "../../setup/factories";
import { createTestApp } from "../../test/app";
import { listenOn, openMarketStream, sessionCookie, type MarketStream } from "../../test/market-stream";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let server: Awaited<ReturnType<typeof listenOn>>;
const opened: MarketStream[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ env: { MARKET_STREAM_HEARTBEAT_MS: "50" } });
  server = await listenOn(ctx.app);
});
afterAll(async () => {
  opened.forEach((s) => s.close());
  await server.close();
  await ctx.destroy();
});

async function open(cookie: string) {
  const s = await openMarketStream(server.url, cookie);
  opened.push(s);
  return s;
}
const refused = async (cookie: string) => {
  const res = await fetch(`${server.url}/api/leads/stream`, { headers: { Cookie: cookie, Accept: "text/event-stream" } });
  return { status: res.status, type: res.headers.get("content-type"), body: (await res.json()) as { message: string } };
};

describe("how many market streams one person may hold", () => {
  it("when a person's phone and laptop hold 10 streams, then the 11th is a 429 with a message, the 10 stay open, and closing one frees a slot", async () => {
    const user = await createUser(ctx.db);
    const [phone, laptop] = [await sessionCookie(server.url, user.username), await sessionCookie(server.url, user.username)];
    const streams: MarketStream[] = [];
    for (let i = 0; i < MARKET_STREAMS_PER_USER; i++) streams.push(await open(i % 2 ? phone : laptop));
    await Promise.all(streams.map((s) => s.ready()));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));

    const eleventh = await refused(phone);
    expect(eleventh.status).toBe(429);
    expect(eleventh.type).toMatch(/^application\/json/);
    expect(eleventh.body.message).toBe(TOO_MANY_STREAMS);

    // The open ones are untouched: still open and still getting heartbeats.
    const before = streams.map((s) => s.comments);
    await new Promise((r) => setTimeout(r, 200));
    streams.forEach((s, i) => {
      expect(s.ended).toBe(false);
      expect(s.comments).toBeGreaterThan(before[i]!);
    });

    // Another person is not limited by this one.
    const other = await createUser(ctx.db);
    const theirs = await open(await sessionCookie(server.url, other.username));
    await theirs.ready();
    expect(theirs.status).toBe(200);

    streams[0]!.close();
    // The server sees the closed socket a moment later; from then on the slot is free.
    let again = await open(laptop);
    for (let i = 0; i < 50 && again.status === 429; i++) {
      await new Promise((r) => setTimeout(r, 20));
      again = await open(laptop);
    }
    expect(again.status).toBe(200);
    await again.ready();
    expect((await refused(laptop)).status).toBe(429);
  });

  it("when 15 streams are asked for at once, then exactly 10 open", async () => {
    const user = await createUser(ctx.db);
    const cookie = await sessionCookie(server.url, user.username);
    const answers = await Promise.all(Array.from({ length: 15 }, () => open(cookie)));
    expect(answers.filter((s) => s.status === 200)).toHaveLength(MARKET_STREAMS_PER_USER);
    expect(answers.filter((s) => s.status === 429)).toHaveLength(15 - MARKET_STREAMS_PER_USER);
  });
});
