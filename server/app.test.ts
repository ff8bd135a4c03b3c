import request from "supertest";
import { describe, expect, it } from "vitest";
import { useTestApp } from "./test/app";

const ctx = useTestApp();

describe("app basics", () => {
  it("when the database answers, then /api/health is ok", async () => {
    const res = await request(ctx.server).get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: "ok" });
    expect(res.headers["x-request-id"]).toEqual(expect.any(String));
  });

  it("when an API route does not exist, then 404 JSON", async () => {
    const res = await request(ctx.server).get("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.type).toBe("application/json");
    expect(res.body.message).toMatch(/No API route/);
  });

  it("when the body is 2 MB, then 413 JSON", async () => {
    const res = await request(ctx.server)
      .post("/api/health")
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ blob: "x".repeat(2 * 1024 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "Request body is too large" });
  });

  it("when the JSON is malformed, then 400 JSON", async () => {
    const res = await request(ctx.server).post("/api/health").set("Content-Type", "application/json").send('{"a":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Request body is not valid JSON" });
  });

  it("sets security headers and hides the framework", async () => {
    const res = await request(ctx.server).get("/api/health");
    expect(res.headers["x-powered-by"]).toBeUndefined();
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});
