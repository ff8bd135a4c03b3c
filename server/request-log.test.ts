// The server's request log (pino-http, server/platform/logger.ts): one line per request and nothing a
// person typed, even when a form was sent as GET before the app took the page over
// (docs/decisions/036).
import { Writable } from "node:stream";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "./app";
import { createTestDatabase } from "./test/database";
import { createUser } from "./setup/factories";
import { appsToClose, testConfig } from "./test/app";
import { signIn } from "./test/sign-in";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const apps = appsToClose();
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await apps.closeAll();
  await database.destroy();
});

/** The app with its log written to a list of parsed lines, and the logger it writes with. */
function loggedApp() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: "info" }, stream);
  const app = apps.track(createApp({ database, config: testConfig(), logger }));
  return { app, lines, logger };
}

describe("the request log", () => {
  it("when a form arrives as GET with a password, name, phone and e-mail in its query, then the log has the path and none of them", async () => {
    const { app, lines } = loggedApp();
    const query = "username=dave&password=demo1234&customerName=Noah%20Fielding&customerPhone=0412345678&email=noah%40example.com&name=Noah";
    await request(app).get(`/login?${query}`);
    await request(app).get(`/api/suburbs?q=Bondi&customerPhone=0412345678`);
    const requests = lines.filter((line) => line.req);
    expect(requests.map((line) => (line.req as { url: string }).url)).toEqual(["/login", "/api/suburbs"]);
    const logged = JSON.stringify(lines);
    for (const typed of ["dave", "demo1234", "Noah", "0412345678", "example.com", "password"]) expect(logged).not.toContain(typed);
  });

  it("when a calendar feed is made and fetched (any case, doubled slashes), then the log writes /api/calendar/* and never its token", async () => {
    const { app, lines } = loggedApp();
    const agent = await signIn(app, (await createUser(database.db)).username);
    const { httpsUrl } = (await agent.post("/api/calendar-feed")).body as { httpsUrl: string };
    const path = new URL(httpsUrl).pathname;
    const token = path.slice("/api/calendar/".length, -".ics".length);
    expect((await request(app).get(path)).status).toBe(200);
    await request(app).get(path.replace("/api/calendar/", "//API/Calendar//"));
    await request(app).get(path.replace("/api/calendar/", "/api/calendar%2F"));
    const urls = lines.filter((line) => line.req).map((line) => (line.req as { url: string }).url);
    expect(urls).toContain("/api/calendar/*");
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it("with tracing off, each request costs one child logger (its line's fields), not a second one for an empty trace", async () => {
    const { app, lines, logger } = loggedApp();
    // Every child logger inherits `child` from the one it was made from, so this counts them all.
    const children = vi.spyOn(logger, "child");
    for (let i = 0; i < 3; i++) expect((await request(app).get("/api/no-such-route")).status).toBe(404);
    expect(children).toHaveBeenCalledTimes(3);
    const requests = lines.filter((line) => line.req);
    expect(requests).toHaveLength(3);
    for (const line of requests) expect(Object.keys(line)).not.toContain("trace_id");
  });
});
