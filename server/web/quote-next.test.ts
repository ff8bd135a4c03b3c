// The quote wizard's Next before the app, answered by the server (docs/decisions/100-the-wizards-next-before-the-app.md):
// step 1's form comes in as the browser sends it, step 2 (or step 1 again, with its messages)
// goes out, and what was typed is in no address, cookie or cache. The renderer here is a small
// module written where the SSR build puts the real one (the real one, in Chromium:
// e2e/slow-phone-wizard.test.ts); it prints what it was given, so the test reads it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuoteSeed } from "../../shared/first-screen";
import { rateLimitCounts } from "../../shared/schema";
import { QUOTE_MESSAGES } from "../../shared/leads";
import { createApp } from "../app";
import { appsToClose, testConfig } from "../test/app";
import { createTestDatabase } from "../test/database";
import { withAnsweredQuoteForm } from "./quote-next";

const RENDERER = `
export const renderQuoteFirstScreen = (input) => "<h2>Step " + (input.step + 1) + "</h2><p>" + Object.keys(input.errors).join(",") + "</p>";
`;
const TEMPLATE = fs.readFileSync(path.resolve("client/index.html"), "utf8");
const ORIGIN = "http://localhost:5000";
const STEP_ONE = { serviceLocation: "Parramatta NSW 2150", electricalWork: "Replace the old switchboard", serviceType: "upgrade", isFlexibleDates: "flexible" };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let folder: string;
const apps = appsToClose();

beforeAll(async () => {
  database = await createTestDatabase();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "quote-next-"));
  fs.mkdirSync(path.join(folder, "client"));
  fs.mkdirSync(path.join(folder, "prerender"));
  fs.writeFileSync(path.join(folder, "client/index.html"), TEMPLATE);
  fs.writeFileSync(path.join(folder, "prerender/first-screen.js"), RENDERER);
});
afterAll(async () => {
  await apps.closeAll();
  await database.destroy();
  fs.rmSync(folder, { recursive: true, force: true });
});

const appWith = (clientDir = path.join(folder, "client")) =>
  apps.track(createApp({ database, config: testConfig({ PUBLIC_URL: ORIGIN }), clientDir, startAlertWorker: false, startAutoBuy: false }));

const next = (body: Record<string, string | string[]>, app = appWith()) => request(app).post("/get-quote").set("Origin", ORIGIN).type("form").send(body);

function seedIn(html: string) {
  const data = /<script type="application\/json" id="first-screen-data">([\s\S]*?)<\/script>/.exec(html);
  return data ? (JSON.parse(data[1]!) as QuoteSeed) : null;
}

describe("the wizard's Next before the app", () => {
  it("when step 1's form comes in filled in, then step 2's page comes back with the answers as typed, kept by no cache, and nothing typed in a header", async () => {
    const res = await next(STEP_ONE);
    expect(res.status).toBe(200);
    expect(res.text).toContain("<h2>Step 2</h2>");
    expect(seedIn(res.text)).toMatchObject({ kind: "quote", path: "/get-quote", step: 1, errors: {}, values: { ...STEP_ONE, isFlexibleDates: true } });
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const headers = JSON.stringify(res.headers);
    for (const typed of ["Parramatta", "switchboard"]) expect(headers).not.toContain(typed);
  });

  it("when the description is too short or the location blank, then step 1 comes back (422) with its messages and what was typed", async () => {
    const res = await next({ serviceLocation: " ", electricalWork: "Fix it" });
    expect(res.status).toBe(422);
    expect(res.text).toContain("<h2>Step 1</h2>");
    const seed = seedIn(res.text)!;
    expect(seed.step).toBe(0);
    expect(seed.errors).toEqual({ serviceLocation: QUOTE_MESSAGES.serviceLocation, electricalWork: QUOTE_MESSAGES.electricalWork });
    expect(seed.values).toMatchObject({ electricalWork: "Fix it", serviceType: "repair", isFlexibleDates: true });
  });

  it("when a field is not what the form sends (an unknown service, a field twice, a date that is no day), then step 1 again with the messages, never a 500", async () => {
    const res = await next({
      ...STEP_ONE,
      serviceType: "plumbing",
      electricalWork: ["Replace the old switchboard", "twice"],
      isFlexibleDates: "specific",
      preferredPickupDate: "2026-02-30",
    });
    expect(res.status).toBe(422);
    const seed = seedIn(res.text)!;
    expect(Object.keys(seed.errors).sort()).toEqual(["electricalWork", "preferredPickupDate", "serviceType"]);
    expect(seed.values).toMatchObject({ serviceType: "repair", electricalWork: "", isFlexibleDates: false });
  });

  it("when the form comes from another site, is too large or holds a NUL, then a 4xx and no page", async () => {
    const app = appWith();
    expect((await request(app).post("/get-quote").set("Origin", "https://elsewhere.example").type("form").send(STEP_ONE)).status).toBe(403);
    expect((await next({ ...STEP_ONE, electricalWork: "x".repeat(40_000) }, app)).status).toBe(413);
    expect((await next({ ...STEP_ONE, electricalWork: "Replace\u0000 the old switchboard" }, app)).status).toBe(400);
  });

  it("when the wizard's page is asked for, then it names its origin to its own site only, so its form's POST carries it", async () => {
    const res = await request(appWith()).get("/get-quote");
    expect(res.headers["referrer-policy"]).toBe("same-origin");
  });

  it("when the server has no SSR build, then the form is answered as before: 303 back to the page, its body unread", async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), "quote-next-bare-"));
    fs.mkdirSync(path.join(bare, "client"));
    fs.writeFileSync(path.join(bare, "client/index.html"), TEMPLATE);
    const res = await next(STEP_ONE, appWith(path.join(bare, "client")));
    fs.rmSync(bare, { recursive: true, force: true });
    expect(res.status).toBe(303);
    expect(res.headers["location"]).toBe("/get-quote");
  });

  it("when one network has used the public forms' allowance, then the server renders no more steps and answers as without the app's help: 303 back to the page", async () => {
    const app = apps.track(
      createApp({
        database,
        config: testConfig({ PUBLIC_URL: ORIGIN, RATE_LIMIT_PUBLIC_FORMS_PER_IP: "2" }),
        clientDir: path.join(folder, "client"),
        startAlertWorker: false,
        startAutoBuy: false,
      }),
    );
    // On PostgreSQL the counters are the database's, and this file's earlier steps counted too.
    await database.db.delete(rateLimitCounts);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await next(STEP_ONE, app)).status);
    expect(statuses).toEqual([200, 200, 303]);
  });

  it("when the build-time page is sent, then step 1's form is marked for the server to answer, once", () => {
    const page = '<form noValidate="" class="x" action="/get-quote" method="post"><textarea name="electricalWork"></textarea></form>';
    const marked = withAnsweredQuoteForm(page);
    expect(marked).toContain('<form data-server-answers="" noValidate="" class="x" action="/get-quote" method="post">');
    expect(withAnsweredQuoteForm(marked)).toBe(marked);
    expect(withAnsweredQuoteForm('<form action="/login" method="post">')).toBe('<form action="/login" method="post">');
  });
});
