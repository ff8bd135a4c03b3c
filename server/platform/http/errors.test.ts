import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { useTestApp } from "../../test/app";

const ctx = useTestApp();
let clientDir: string;
let appWithClient: ReturnType<typeof createApp>;
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "ae-client-"));
  fs.mkdirSync(path.join(clientDir, "assets"));
  fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>t</title>");
  appWithClient = createApp({ database: ctx.database, config: ctx.config, clientDir });
});
afterAll(async () => {
  await appWithClient.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe("client errors are never a 500", () => {
  it("when a path parameter has a malformed %-escape, then 400 with a generic message", async () => {
    const get = await request(ctx.server).get("/api/leads/%E0%A4%A");
    expect(get.status).toBe(400);
    expect(get.body).toEqual({ message: "Bad request" });
    const post = await request(ctx.server).post("/api/lead-purchases/%zz/archive");
    expect(post.status).toBe(400);
    expect(post.body).toEqual({ message: "Bad request" });
  });

  it("when a built asset does not exist, then 404 with a generic message", async () => {
    const res = await request(appWithClient).get("/assets/nope.js");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not found" });
  });
});
