// The home page's Find Local Electricians, answered by the server before the app is ready
// (docs/decisions/036): the wizard opens with the location, which rides in a short cookie, never the address.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { CSRF_MESSAGES } from "../../platform/http/csrf";
import { appsToClose, testConfig } from "../../test/app";
import { createTestDatabase } from "../../test/database";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let clientDir: string;
const apps = appsToClose();
beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "client-"));
  fs.copyFileSync(path.resolve("client/index.html"), path.join(clientDir, "index.html"));
});
afterAll(async () => {
  await apps.closeAll();
  await database.destroy();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const pagesApp = (env: Record<string, string> = {}) => apps.track(createApp({ database, config: testConfig(env), clientDir, startAlertWorker: false }));
const search = (app: ReturnType<typeof pagesApp>, fields: Record<string, string>) => request(app).post("/").type("form").send(fields);

describe("Find Local Electricians before the app is ready", () => {
  it("when a visitor posts a suburb from the home page, then 303 to the wizard with the suburb in a cookie for the wizard's page only, for a minute", async () => {
    const res = await search(pagesApp(), { serviceLocation: "  Bondi NSW 2026 " });
    expect(res.status).toBe(303);
    expect(res.headers["location"]).toBe("/get-quote");
    const cookie = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("ae.prefill="))!;
    expect(decodeURIComponent(/^ae\.prefill=([^;]*)/.exec(cookie)![1]!)).toBe("serviceLocation=Bondi+NSW+2026");
    expect(cookie).toMatch(/; Max-Age=60;/);
    expect(cookie).toMatch(/; Path=\/get-quote;/);
    expect(cookie).toMatch(/; SameSite=Strict/);
  });

  it("when the field is blank, then back to the home page and no cookie", async () => {
    const res = await search(pagesApp(), { serviceLocation: "   " });
    expect(res.status).toBe(303);
    expect(res.headers["location"]).toBe("/");
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("when another site posts it, then it is refused; the home page itself lets the browser name our origin, to us only", async () => {
    const app = pagesApp({ PUBLIC_URL: "https://sparks.test" });
    const res = await search(app, { serviceLocation: "Bondi" }).set("Origin", "https://evil.example");
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CSRF_MESSAGES.crossSite);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect((await search(app, { serviceLocation: "Bondi" }).set("Origin", "https://sparks.test")).status).toBe(303);
    expect((await request(app).get("/")).headers["referrer-policy"]).toBe("same-origin");
  });
});
