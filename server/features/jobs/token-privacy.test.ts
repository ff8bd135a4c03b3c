// A job page's token is its customer's only key (docs/decisions/044-job-page.md): it never
// reaches the request log or analytics, and the page's HTML sends no Referer and asks not to be
// indexed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_API_PATH_REDACTED, JOB_PATH_REDACTED, withoutJobToken } from "../../../shared/jobs";
import { analyticsEvents } from "../../../shared/schema";
import { createApp } from "../../app";
import { testConfig } from "../../test/app";
import { createTestDatabase } from "../../test/database";
import { marketLead } from "../../test/job-links";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let clientDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "client-"));
  fs.writeFileSync(path.join(clientDir, "index.html"), fs.readFileSync(path.resolve("client/index.html"), "utf8"));
});
afterAll(async () => {
  await database.destroy();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** The app with its log written to a list of parsed lines. */
function loggedApp() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = createApp({ database, config: testConfig(), logger: pino({ level: "info" }, stream), clientDir, startAlertWorker: false });
  return { app, lines };
}

describe("withoutJobToken", () => {
  it.each([
    ["/job/AbCdEfGhIjKlMnOpQrStUvWxYz012345", JOB_PATH_REDACTED],
    ["/api/jobs/AbCdEfGhIjKlMnOpQrStUvWxYz012345", JOB_API_PATH_REDACTED],
    ["/JOB/AbCdEfGh", JOB_PATH_REDACTED],
    ["//job//AbCdEfGh/more", JOB_PATH_REDACTED],
    ["/job%2FAbCdEfGh", JOB_PATH_REDACTED],
    ["/API/Jobs/AbCdEfGh", JOB_API_PATH_REDACTED],
    ["https://aussie.example/job/AbCdEfGh?utm=sms#top", "https://aussie.example/job/*?utm=sms#top"],
    ["/api/jobs/lookup", "/api/jobs/lookup"],
    ["/api/jobs/lookup/verify", "/api/jobs/lookup/verify"],
    ["/jobs/AbCdEfGh", "/jobs/AbCdEfGh"],
    ["/get-quote", "/get-quote"],
  ])("when %j is recorded, then it reads %j", (given, recorded) => {
    expect(withoutJobToken(given)).toBe(recorded);
  });
});

describe("the request log", () => {
  it("when a job page and its API are asked for, with a real token or a made-up one, then the log has /job/* and /api/jobs/* and never the token", async () => {
    const { app, lines } = loggedApp();
    try {
      const { token } = await marketLead(database.db, { createdAt: new Date() });
      const madeUp = "Z".repeat(32);
      expect((await request(app).get(`/api/jobs/${token}`)).status).toBe(200);
      await request(app).get(`/api/jobs/${madeUp}?from=sms`);
      await request(app).get(`/job/${token}`);
      await request(app).get(`/JOB/${madeUp}`);
      await request(app).post("/api/jobs/lookup").send({ phone: "0499 000 111" });
      const urls = lines.filter((line) => line.req).map((line) => (line.req as { url: string }).url);
      expect(urls).toEqual([JOB_API_PATH_REDACTED, JOB_API_PATH_REDACTED, JOB_PATH_REDACTED, JOB_PATH_REDACTED, "/api/jobs/lookup"]);
      const logged = JSON.stringify(lines);
      expect(logged).not.toContain(token);
      expect(logged).not.toContain(madeUp);
    } finally {
      await app.close();
    }
  });
});

describe("analytics", () => {
  it("when a client sends a job page's path, referrer or a path in its data, then /job/* is stored and the token nowhere", async () => {
    const { app } = loggedApp();
    try {
      const token = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";
      const res = await request(app)
        .post("/api/analytics/track")
        .send({
          eventType: "page_view",
          pagePath: `/job/${token}`,
          pageTitle: "Your request",
          referrer: `https://aussie.example/job/${token}?utm=sms`,
          eventData: { from: `/job/${token}`, steps: [{ url: `/api/jobs/${token}` }], count: 2 },
        });
      expect(res.status).toBe(204);
      const rows = await database.db.select().from(analyticsEvents);
      const row = rows.find((r) => r.pageTitle === "Your request")!;
      expect(row).toMatchObject({
        pagePath: JOB_PATH_REDACTED,
        referrer: "https://aussie.example/job/*?utm=sms",
        eventData: { from: JOB_PATH_REDACTED, steps: [{ url: JOB_API_PATH_REDACTED }], count: 2 },
      });
      expect(JSON.stringify(rows)).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});

describe("the job page's HTML", () => {
  it("when /job/<token> is served, then it sends no Referer to other sites and asks not to be indexed; other pages are left alone", async () => {
    const { app } = loggedApp();
    try {
      const jobPage = await request(app).get(`/job/${"Z".repeat(32)}`);
      expect(jobPage.status).toBe(200);
      expect(jobPage.type).toBe("text/html");
      expect(jobPage.headers["referrer-policy"]).toBe("no-referrer");
      expect(jobPage.headers["x-robots-tag"]).toBe("noindex");
      const home = await request(app).get("/");
      expect(home.headers["x-robots-tag"]).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
