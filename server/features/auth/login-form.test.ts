// The sign-in page's own form, answered by the server before the app is ready
// (docs/decisions/036): the same rules as POST /api/auth/login, answered with a 303.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, SIGN_IN_FAILURES } from "../../../shared/auth-messages";
import { createApp } from "../../app";
import { createUser, TEST_PASSWORD } from "../../setup/factories";
import { appsToClose, testConfig } from "../../test/app";
import { createTestDatabase } from "../../test/database";
import { CSRF_MESSAGES } from "../../platform/http/csrf";

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

/** An app serving the pages, with small sign-in limits and its log kept as text. */
function pagesApp(env: Record<string, string> = {}) {
  const log: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.push(chunk.toString());
      done();
    },
  });
  const config = testConfig({ RATE_LIMIT_LOGIN_PER_USERNAME: "3", RATE_LIMIT_LOGIN_PER_IP: "50", ...env });
  const app = apps.track(createApp({ database, config, clientDir, logger: pino({ level: "info" }, stream), startAlertWorker: false }));
  return { app, log };
}

const postForm = (agent: request.Agent | ReturnType<typeof request>, fields: Record<string, string>) => agent.post("/login").type("form").send(fields);

describe("the sign-in page's own form", () => {
  it("when a provider posts the right password, then 303 to /dashboard and the session cookie it sets is signed in", async () => {
    const { app } = pagesApp();
    const user = await createUser(database.db);
    const agent = request.agent(app);
    const res = await postForm(agent, { username: user.username, password: TEST_PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers["location"]).toBe("/dashboard");
    const me = await agent.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(user.username);
  });

  it("when a customer signs in by the form, then 303 to the home page, where the app would land them", async () => {
    const { app } = pagesApp();
    const customer = await createUser(database.db, { userType: "customer" });
    const res = await postForm(request(app), { username: customer.email!, password: TEST_PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers["location"]).toBe("/");
  });

  it("when the password is wrong, then 303 back to /login?failed=1, no session, and neither name nor password in the address or the log", async () => {
    const { app, log } = pagesApp();
    const user = await createUser(database.db);
    const agent = request.agent(app);
    const res = await postForm(agent, { username: user.username, password: "wrong-secret-9" });
    expect(res.status).toBe(303);
    expect(res.headers["location"]).toBe("/login?failed=1");
    expect(SIGN_IN_FAILURES["1"]).toBe(AUTH_MESSAGES.invalidCredentials);
    expect((await agent.get("/api/auth/me")).status).toBe(401);
    expect(log.join("")).toContain('"url":"/login"');
    for (const typed of [user.username, "wrong-secret-9"]) expect(log.join("")).not.toContain(typed);
  });

  it("when a field is left blank or the account is deactivated, then the page is told which, as the API words it", async () => {
    const { app } = pagesApp();
    const inactive = await createUser(database.db, { isActive: false });
    expect((await postForm(request(app), { username: "", password: "x" })).headers["location"]).toBe("/login?failed=username");
    expect((await postForm(request(app), { username: "someone" })).headers["location"]).toBe("/login?failed=password");
    expect((await postForm(request(app), { username: inactive.username, password: TEST_PASSWORD })).headers["location"]).toBe("/login?failed=inactive");
  });

  it("when another site's page posts the form, then it is refused and nobody is signed in", async () => {
    const { app } = pagesApp({ PUBLIC_URL: "https://sparks.test" });
    const user = await createUser(database.db);
    const agent = request.agent(app);
    const res = await postForm(agent, { username: user.username, password: TEST_PASSWORD }).set("Origin", "https://evil.example");
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CSRF_MESSAGES.crossSite);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect((await agent.get("/api/auth/me")).status).toBe(401);
    // From our own page it goes through.
    expect((await postForm(agent, { username: user.username, password: TEST_PASSWORD }).set("Origin", "https://sparks.test")).headers["location"]).toBe(
      "/dashboard",
    );
  });

  it("when the sign-in page is sent, then its referrer policy lets the browser name our origin on the form's POST, and only to us", async () => {
    const { app } = pagesApp();
    const res = await request(app).get("/login");
    expect(res.status).toBe(200);
    expect(res.headers["referrer-policy"]).toBe("same-origin");
    expect((await request(app).get("/dashboard")).headers["referrer-policy"]).toBe("no-referrer");
  });

  it("when failed sign-ins by the form reach the limit, then the API refuses that username too, and the form says so on the page", async () => {
    const { app } = pagesApp();
    const user = await createUser(database.db);
    for (let i = 0; i < 3; i++)
      expect((await postForm(request(app), { username: user.username, password: "wrong" })).headers["location"]).toBe("/login?failed=1");
    expect((await request(app).post("/api/auth/login").send({ username: user.username, password: TEST_PASSWORD })).status).toBe(429);
    const refused = await postForm(request(app), { username: user.username, password: TEST_PASSWORD });
    expect(refused.status).toBe(303);
    expect(refused.headers["location"]).toBe("/login?failed=limit");
    expect(SIGN_IN_FAILURES.limit).toBe(AUTH_MESSAGES.tooManySignIns);
  });

  it("when failed sign-ins by the API reach the limit, then the form is refused too; sign-ins that succeed by the form never count", async () => {
    const { app } = pagesApp();
    const counted = await createUser(database.db);
    for (let i = 0; i < 3; i++) await request(app).post("/api/auth/login").send({ username: counted.username, password: "wrong" });
    expect((await postForm(request(app), { username: counted.username, password: TEST_PASSWORD })).headers["location"]).toBe("/login?failed=limit");

    const regular = await createUser(database.db);
    for (let i = 0; i < 5; i++)
      expect((await postForm(request(app), { username: regular.username, password: TEST_PASSWORD })).headers["location"]).toBe("/dashboard");
    expect((await postForm(request(app), { username: regular.username, password: "wrong" })).headers["location"]).toBe("/login?failed=1");
  });
});
