// The operator's verdict reaches the provider's open dashboard at once
// (docs/decisions/037-every-job-write-carries-its-version.md): their market stream gets
// `account.updated`, and the dashboard asks GET /api/auth/verification again.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../setup/factories";
import { listenOn, openMarketStream, sessionCookie, type MarketStream } from "../../test/market-stream";
import { useOperatorApp } from "../../test/sign-in";

const ctx = useOperatorApp();
let server: Awaited<ReturnType<typeof listenOn>>;
const opened: MarketStream[] = [];
beforeAll(async () => {
  server = await listenOn(ctx.app);
});
afterAll(async () => {
  opened.forEach((s) => s.close());
  await server?.close();
});

async function streamOf(username: string) {
  const cookie = await sessionCookie(server.url, username);
  const s = await openMarketStream(server.url, cookie);
  opened.push(s);
  await s.ready();
  return { stream: s, cookie };
}
const accountUpdated = (e: { event: string }) => e.event === "account.updated";

describe("a verdict while the provider's dashboard is open", () => {
  it("when the operator approves a pending provider, then their stream says account.updated and the verification answer no longer blocks", async () => {
    const waiting = await createUser(ctx.db, { verificationStatus: "pending", isVerified: false });
    const bystander = await createUser(ctx.db);
    const theirs = await streamOf(waiting.username);
    const other = await streamOf(bystander.username);
    const before = await fetch(`${server.url}/api/auth/verification`, { headers: { Cookie: theirs.cookie } });
    expect(((await before.json()) as { status: string }).status).toBe("pending");

    const approved = await request(ctx.server).post(`/api/admin/providers/${waiting.id}/approve`).set("Authorization", ctx.auth);
    expect(approved.status).toBe(200);
    const event = await theirs.stream.waitFor(accountUpdated, 3000);
    expect(event.data).toEqual({});
    // Not an event of the market's: the stream's Last-Event-ID stays where it was.
    expect(event.id).toBe(theirs.stream.lastEventId);

    const after = await fetch(`${server.url}/api/auth/verification`, { headers: { Cookie: theirs.cookie } });
    expect(await after.json()).toMatchObject({ status: "approved", cannotBuy: null });
    // Only the provider decided on hears of it.
    await new Promise((r) => setTimeout(r, 200));
    expect(other.stream.events.filter(accountUpdated)).toEqual([]);
  });

  it("when the operator rejects an approved provider, then their stream says account.updated too", async () => {
    const provider = await createUser(ctx.db);
    const theirs = await streamOf(provider.username);
    const rejected = await request(ctx.server)
      .post(`/api/admin/providers/${provider.id}/reject`)
      .set("Authorization", ctx.auth)
      .send({ reason: "Licence cancelled" });
    expect(rejected.status).toBe(200);
    await theirs.stream.waitFor(accountUpdated, 3000);
  });
});
