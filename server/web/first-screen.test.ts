// The dashboard's and the job page's first screens in their HTML (docs/decisions/092-first-screen-from-the-server.md):
// for whom they are rendered, from which answers, and that no cache keeps them. The renderer
// here is a small module written where the SSR build puts the real one (the real one, in
// Chromium: e2e/slow-phone-dashboard.test.ts and e2e/slow-phone-job-page.test.ts); it prints what it was given, so the test reads it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FirstScreenSeed } from "../../shared/first-screen";
import { createApp } from "../app";
import { createUser } from "../setup/factories";
import { appsToClose, testConfig } from "../test/app";
import { createTestDatabase } from "../test/database";
import { marketLead } from "../test/job-links";
import { signIn } from "../test/sign-in";
import { EARLY_INPUT_SCRIPT } from "../platform/http/early-input";

const RENDERER = `
export const renderDashboardFirstScreen = (input) => "<ol>" + input.page.leads.map((l) => "<li>" + l.jobReference + "</li>").join("") + "</ol><p>" + input.url + "</p>";
export const renderJobFirstScreen = (input) => "<h1>" + input.view.status + "</h1><p>" + input.url + "</p>";
`;
const TEMPLATE = fs.readFileSync(path.resolve("client/index.html"), "utf8");
const CUSTOMER_PHONE = "0412345678";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let folder: string;
const apps = appsToClose();
let token: string;
let jobReference: string;
/** One clock for the screen and the API it is compared with: read a second apart, a falling price differs by a cent. */
let clock: Date;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "first-screen-"));
  fs.mkdirSync(path.join(folder, "client"));
  fs.mkdirSync(path.join(folder, "prerender"));
  fs.writeFileSync(path.join(folder, "client/index.html"), TEMPLATE);
  fs.writeFileSync(path.join(folder, "prerender/first-screen.js"), RENDERER);
  await createUser(database.db, { username: "sparky" });
  const made = await marketLead(database.db, {
    createdAt: new Date(),
    customerName: "Mary O'Neil",
    customerPhone: CUSTOMER_PHONE,
    electricalWork: `Call me on ${CUSTOMER_PHONE}, 42 Wallaby Way, two new power points`,
  });
  token = made.token;
  jobReference = made.lead.jobReference;
  clock = new Date();
});
afterAll(async () => {
  await apps.closeAll();
  await database.destroy();
  fs.rmSync(folder, { recursive: true, force: true });
});

const appWith = (env: Record<string, string> = {}) =>
  apps.track(
    createApp({ database, config: testConfig(env), clientDir: path.join(folder, "client"), now: () => clock, startAlertWorker: false, startAutoBuy: false }),
  );

/** The screen and its seed as the page carries them, or null. */
function firstScreenIn(html: string) {
  const screen =
    /<div id="first-screen" data-path="([^"]*)">([\s\S]*?)<\/div><script type="application\/json" id="first-screen-data">([\s\S]*?)<\/script><div id="root" hidden><\/div>/.exec(
      html,
    );
  return screen ? { path: screen[1], html: screen[2], seed: JSON.parse(screen[3]!) as FirstScreenSeed } : null;
}

describe("the dashboard's first screen", () => {
  it("when a signed-in electrician opens /dashboard, then the HTML carries the market's first page as GET /api/leads answers it, redacted, and no cache keeps it", async () => {
    const app = appWith();
    const agent = await signIn(app, "sparky");
    const res = await agent.get("/dashboard?sort=cheapest");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers.vary).toMatch(/Cookie/);
    const screen = firstScreenIn(res.text);
    expect(screen?.path).toBe("/dashboard");
    expect(screen?.html).toContain(`<li>${jobReference}</li>`);
    expect(screen?.html).toContain("<p>/dashboard?sort=cheapest</p>");
    // A tap before the app is held, not sent as a request (docs/decisions/036).
    expect(res.text).toContain(`<script>${EARLY_INPUT_SCRIPT}</script><div id="first-screen"`);
    const api = await agent.get("/api/leads?sort=cheapest");
    if (screen?.seed.kind !== "dashboard") throw new Error("no dashboard seed");
    expect(screen.seed.page.leads).toEqual(api.body.leads);
    expect(screen.seed.user.username).toBe("sparky");
    expect(screen.seed.standing).toMatchObject({ status: "approved", cannotBuy: null });
    // Before purchase: the same redaction as the API, in the seed and the screen alike.
    expect(res.text).not.toContain(CUSTOMER_PHONE);
    expect(res.text).not.toMatch(/Wallaby|O'Neil|O&#39;Neil/);
  });

  it("when nobody is signed in, a customer is, another tab is asked for or the filters are not the market's, then the page goes out as before, without a screen", async () => {
    const app = appWith();
    expect(firstScreenIn((await request(app).get("/dashboard")).text)).toBeNull();
    // A customer may not view the market: their page is the app's, as before.
    const customer = await signIn(app, (await createUser(database.db, { userType: "customer" })).username);
    expect(firstScreenIn((await customer.get("/dashboard")).text)).toBeNull();
    const agent = await signIn(app, "sparky");
    for (const url of ["/dashboard?tab=purchased", "/dashboard?scope=mars"]) {
      const res = await agent.get(url);
      expect(res.status, url).toBe(200);
      expect(firstScreenIn(res.text), url).toBeNull();
      expect(res.text, url).toContain('<div id="root">');
    }
  });
});

describe("the job page's first screen", () => {
  it("when the customer opens their link, then the HTML carries the view GET /api/jobs/:token answers, and no cache keeps it", async () => {
    const app = appWith();
    const res = await request(app).get(`/job/${token}`);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const screen = firstScreenIn(res.text);
    expect(screen?.html).toBe(`<h1>finding</h1><p>/job/${token}</p>`);
    if (screen?.seed.kind !== "job") throw new Error("no job seed");
    expect(screen.seed.view).toEqual((await request(app).get(`/api/jobs/${token}`)).body);
    expect(res.text).not.toContain(CUSTOMER_PHONE);
  });

  it("when the link is unknown, then the page goes out without a screen, as the app shows it", async () => {
    const res = await request(appWith()).get(`/job/${"x".repeat(token.length)}`);
    expect(res.status).toBe(200);
    expect(firstScreenIn(res.text)).toBeNull();
  });

  it("when a network is over the job page's limit, then its pages go out without a screen: the HTML is no cheaper way to try links", async () => {
    const app = appWith({ RATE_LIMIT_JOB_PAGE_PER_IP: "2", TRUST_PROXY: "1" });
    // A network of its own: the limit's counts live in the database the file's other tests share.
    const from = { "X-Forwarded-For": "198.51.100.92" };
    const screens = [];
    for (let i = 0; i < 3; i++) screens.push(firstScreenIn((await request(app).get(`/job/${token}`).set(from)).text) !== null);
    expect(screens).toEqual([true, true, false]);
    expect((await request(app).get(`/api/jobs/${token}`).set(from)).status).toBe(429);
  });
});
