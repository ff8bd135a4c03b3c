import request from "supertest";
import { describe, expect, it } from "vitest";
import { createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { signIn } from "../../test/sign-in";
import { MAX_JSON_DEPTH, NUL_MESSAGE, refuseDeepJson, TOO_DEEP_MESSAGE } from "./input-limits";

// These run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: both refuse U+0000 in
// text and jsonb, which was the 500 this guard replaces.
const ctx = useTestApp();

/** `{"x":{"x":...1...}}`, `levels` objects deep. */
const nested = (levels: number) => `${'{"x":'.repeat(levels)}1${"}".repeat(levels)}`;

describe("NUL characters are refused at the boundary", () => {
  it("when a public JSON body field holds U+0000, then 400 naming the field", async () => {
    const res = await request(ctx.server).post("/api/auth/login").send({ username: "\u0000", password: "x" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: `username: ${NUL_MESSAGE}`, errors: { username: NUL_MESSAGE } });
  });

  it("when a public query parameter holds %00, then 400 naming the parameter", async () => {
    const res = await request(ctx.server).get("/api/suburbs?q=%00");
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ q: NUL_MESSAGE });
  });

  it("when a path parameter holds %00, then 400 naming the path", async () => {
    const res = await request(ctx.server).get("/api/invitations/abc%00def");
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ path: NUL_MESSAGE });
  });

  it("when a nested field (or a key) of a public body holds U+0000, then 400 naming its path", async () => {
    const res = await request(ctx.server)
      .post("/api/analytics/track")
      .send({ eventType: "page_view", eventData: { x: "a\u0000b", list: ["ok", { "k\u0000": 1 }] } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ "eventData.x": NUL_MESSAGE, "eventData.list.1.k\\u0000": NUL_MESSAGE });
  });

  it("when a signed-in provider saves a text field holding U+0000, then 400 and the saved one stays", async () => {
    const provider = await createUser(ctx.db);
    const agent = await signIn(ctx.server, provider.username);
    const validArea = { serviceLocation: "Penrith NSW 2750", serviceLatitude: -33.75, serviceLongitude: 150.69, serviceRadius: 25 };
    expect((await agent.patch("/api/auth/update-service-area").send({ ...validArea, serviceLocation: "Penrith\u0001" })).status).toBe(200);
    const res = await agent.patch("/api/auth/update-service-area").send({ ...validArea, serviceLocation: "Parra\u0000matta" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ serviceLocation: NUL_MESSAGE });
    expect((await agent.get("/api/auth/me")).body.serviceLocation).toBe("Penrith\u0001");
  });

  it("when text holds other control characters or escapes that are not NUL, then the route decides as before", async () => {
    const res = await request(ctx.server).get("/api/suburbs?q=%01parra\\u0000");
    expect(res.status).toBe(200);
  });
});

describe("deep JSON is refused before it is parsed", () => {
  it("when eventData is a few thousand levels deep, then 400, not a stack overflow", async () => {
    const body = `{"eventType":"page_view","eventData":${nested(5000)}}`;
    const res = await request(ctx.server).post("/api/analytics/track").set("Content-Type", "application/json").send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: TOO_DEEP_MESSAGE });
  });

  it("when a body is exactly 32 levels deep, then it passes; 33 is refused", async () => {
    const track = (eventData: string) =>
      request(ctx.server).post("/api/analytics/track").set("Content-Type", "application/json").send(`{"eventType":"page_view","eventData":${eventData}}`);
    expect((await track(nested(MAX_JSON_DEPTH - 1))).status).toBe(204);
    expect((await track(nested(MAX_JSON_DEPTH))).status).toBe(400);
  });

  it("counts brackets inside strings (and escaped quotes) as text, not depth", () => {
    const deepLookingText = JSON.stringify({ note: `\\"${"[{".repeat(100)}` });
    expect(() => refuseDeepJson(null, null, Buffer.from(deepLookingText))).not.toThrow();
    expect(() => refuseDeepJson(null, null, Buffer.from(`[${'"\\"",'.repeat(3)}${"[".repeat(40)}`))).toThrow(TOO_DEEP_MESSAGE);
  });
});
