// What a span may carry (server/platform/tracing/scrub.ts, docs/decisions/097-traces.md): what the
// request log carries, no more.
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { describe, expect, it } from "vitest";
import { pgConfig } from "./libraries";
import { scrubbed } from "./scrub";

const TOKEN = "YjEGv7gOnO3wDCLt5s4bqsxYYHwvoKHN";

describe("a span's name and attributes as they leave the process", () => {
  it("when a job page's or calendar feed's path is recorded, then its token is replaced as in the request log, in any attribute and the name", () => {
    const { name, attributes } = scrubbed(`GET /api/jobs/${TOKEN}`, {
      "url.path": `/api/jobs/${TOKEN}`,
      "http.target": `/job/${TOKEN}?from=sms`,
      "url.full": `https://example.com.au//API/Calendar/${TOKEN}.ics#now`,
      "exception.message": `Not found: /job/${TOKEN}`,
      "http.route": "/api/jobs/:token",
    });
    expect(name).toBe("GET /api/jobs/*");
    // Named by its route's template once Express has matched one: kept.
    expect(scrubbed("GET /api/jobs/:token", { "http.route": "/api/jobs/:token" }).name).toBe("GET /api/jobs/:token");
    expect(attributes).toEqual({
      "url.path": "/api/jobs/*",
      "http.target": "/job/*",
      "url.full": "https://example.com.au//API/Calendar/*",
      "exception.message": "Not found: /job/*",
      "http.route": "/api/jobs/:token",
    });
  });

  it("when a GET form's query, the client's address and user agent, headers or a statement's values are recorded, then none is kept", () => {
    const { attributes } = scrubbed("GET /login", {
      "http.request.method": "GET",
      "url.path": "/login",
      "url.query": "username=dave&password=demo1234&customerPhone=0412345678",
      "url.full": "http://localhost/login?username=dave&password=demo1234",
      "client.address": "203.0.113.7",
      "network.peer.address": "203.0.113.7",
      "network.peer.port": 51234,
      "user_agent.original": "Mozilla/5.0",
      "http.request.header.cookie": ["sid=abc"],
      "http.response.header.set-cookie": ["sid=abc"],
      "db.postgresql.values": ["Noah Fielding", "0412345678"],
      "db.query.parameter.0": "Noah Fielding",
      "http.response.status_code": 200,
    });
    expect(attributes).toEqual({ "http.request.method": "GET", "url.path": "/login", "url.full": "http://localhost/login", "http.response.status_code": 200 });
  });

  it("when the pg instrumentation is made as tracing makes it, then it records no statement's values", () => {
    const pg = new PgInstrumentation({ ...pgConfig, enabled: false });
    expect(pg.getConfig().enhancedDatabaseReporting).toBe(false);
    expect(pg.getConfig().requireParentSpan).toBe(true);
  });
});
