// Fast landing pages (docs/decisions/028): what the server writes itself is compressed for a browser that accepts it, except
// the live market's event stream, which must reach the browser event by event.
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createLead, createUser } from "../../setup/factories";
import { listenOn, openMarketStream, sessionCookie } from "../../test/market-stream";
import { useOperatorApp } from "../../test/sign-in";

const ctx = useOperatorApp({ suburbs: true });

const PARRAMATTA = { serviceLocation: "Parramatta NSW 2150", serviceLatitude: "-33.81355710", serviceLongitude: "151.00340700", serviceRadius: 20 };

describe("compressed API answers", () => {
  it("when a browser accepts gzip or Brotli, then a large JSON answer comes compressed with Vary: Accept-Encoding, and whole", async () => {
    for (let i = 0; i < 30; i++) await createLead(ctx.db);
    const list = (encoding: string) => request(ctx.server).get("/api/admin/leads").set("Authorization", ctx.auth).set("Accept-Encoding", encoding);

    const plain = await list("identity");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBeGreaterThan(5_000);

    const gzip = await list("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(gzip.body).toEqual(plain.body);

    expect((await list("gzip, deflate, br")).headers["content-encoding"]).toBe("br");
  });

  it("when the answer is small, then it goes as it is (compressing a few bytes costs more than it saves)", async () => {
    const res = await request(ctx.server).get("/api/health").set("Accept-Encoding", "gzip, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});

describe("the live market stream", () => {
  it("when the browser accepts gzip and Brotli, then the stream is not compressed and a new lead's event arrives while the stream stays open", async () => {
    const server = await listenOn(ctx.app);
    try {
      const provider = await createUser(ctx.db, PARRAMATTA);
      const stream = await openMarketStream(server.url, await sessionCookie(server.url, provider.username), { acceptEncoding: "gzip, deflate, br" });
      await stream.ready();
      expect(stream.headers["content-encoding"]).toBeUndefined();

      const posted = await request(ctx.server).post("/api/leads").send({
        serviceLocation: "Parramatta NSW 2150",
        customerAddress: "14 Church St, Parramatta NSW 2150",
        electricalWork: "Switchboard upgrade to circuit breakers, two new power points",
        customerName: "Karen Mitchell",
        customerPhone: "0411222333",
      });
      expect(posted.status).toBe(201);
      // A compressor would hold the event in its buffer until the stream ends: it would never come while open.
      const added = await stream.waitFor((e) => e.event === "lead.added", 3000);
      expect(added.data).toMatchObject({ lead: { jobReference: posted.body.jobReference } });
      expect(stream.ended).toBe(false);
      stream.close();
    } finally {
      await server.close();
    }
  });
});
