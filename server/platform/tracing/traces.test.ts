// Traces end to end (docs/decisions/097-traces.md): the production bundle in its own process with
// the tracing entry loaded by `--import`, as `npm start` loads it, exporting over OTLP/HTTP to a
// receiver here; one quote's HTTP span with its SQL statements under it, and nothing the
// customer typed in any of them. The SQL spans need PostgreSQL's driver: the embedded default
// (PGlite) runs in the process and has none.
import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { removeAppProcessBundle, startAppProcess, type AppProcess } from "../../test/app-process";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { describeOnPostgres } from "../../test/postgres-only";

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values: OtlpValue[] };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: OtlpValue }>;
}
interface OtlpRequest {
  resourceSpans: Array<{ scopeSpans: Array<{ scope: { name: string }; spans: OtlpSpan[] }> }>;
}
type Span = OtlpSpan & { scope: string; attrs: Record<string, unknown> };

const SERVER = 2;
const valueOf = (v: OtlpValue): unknown => v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue ?? v.arrayValue?.values.map(valueOf);

/** An OTLP/HTTP receiver on loopback taking JSON (OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/json). */
async function startReceiver() {
  const spans: Span[] = [];
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/v1/traces") {
        bodies.push(body);
        for (const resource of (JSON.parse(body) as OtlpRequest).resourceSpans)
          for (const scoped of resource.scopeSpans)
            for (const span of scoped.spans)
              spans.push({ ...span, scope: scoped.scope.name, attrs: Object.fromEntries(span.attributes.map((a) => [a.key, valueOf(a.value)])) });
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    /** Everything received, as sent. */
    raw: () => bodies.join("\n"),
    async waitFor(found: (spans: Span[]) => boolean, what: string) {
      const deadline = Date.now() + 10_000;
      while (!found(spans)) {
        if (Date.now() > deadline)
          throw new Error(
            `no ${what} within 10 s; received: ${spans.length} spans, the last ${spans
              .slice(-20)
              .map((s) => s.name)
              .join(", ")}`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the customer types: none of it may reach a span. */
const QUOTE = {
  serviceLocation: "Unit 3, 42 Wallaby Way, Parramatta NSW 2150",
  electricalWork: "Switchboard upgrade, the old fuses keep blowing. Email zebedee.quokkason@example.org",
  serviceType: "upgrade",
  propertyType: "residential",
  urgency: "within_week",
  budgetRange: "500_1000",
  hasExistingElectrician: false,
  timeframe: "this_week",
  customerName: "Zebedee Quokkason",
  customerPhone: "0412 345 678",
  customerAddress: "7 Bilby Crescent",
  accessNotes: "Gate code 4821",
  isFlexibleDates: true,
};
const TYPED = ["Wallaby", "Zebedee", "Quokkason", "quokkason@example.org", "0412", "345 678", "412345678", "Bilby", "4821"];

describeOnPostgres(
  "traces over OTLP from the production bundle",
  () => {
    let database: TestDatabase;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let app: AppProcess | null = null;

    beforeAll(async () => {
      receiver = await startReceiver();
      database = await createTestDatabase({ suburbs: true });
      app = await startAppProcess(
        database.url!,
        {
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
          OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/json",
          OTEL_BSP_SCHEDULE_DELAY: "100",
          // The request log, to find the trace's id in it.
          LOG_LEVEL: "info",
        },
        { preload: "server/platform/tracing/register.ts" },
      );
    }, 60_000);
    afterAll(async () => {
      await app?.stop();
      await receiver?.close();
      await database?.destroy();
      removeAppProcessBundle();
    });

    it("when a quote is posted, then its HTTP span has its route and status, its SQL statements hang under it, its log line names its trace, and no span holds what the customer typed", async () => {
      const res = await fetch(`${app!.base}/api/leads`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(QUOTE) });
      expect(res.status).toBe(201);
      const requestId = res.headers.get("x-request-id");
      const { jobUrl, verification } = (await res.json()) as { jobUrl: string; verification: string };
      const token = jobUrl.slice("/job/".length);
      // The job page's API and a GET with a phone in its query: their paths carry a token or a detail.
      expect((await fetch(`${app!.base}/api/jobs/${token}`)).status).toBe(200);
      expect((await fetch(`${app!.base}/api/suburbs?q=Parramatta&customerPhone=0412345678`)).status).toBe(200);

      const isQuote = (s: Span) => s.kind === SERVER && s.attrs["http.route"] === "/api/leads" && s.attrs["http.request.method"] === "POST";
      const isJobPage = (s: Span) => s.kind === SERVER && s.attrs["http.route"] === "/api/jobs/:token";
      await receiver.waitFor(
        (spans) => spans.some(isQuote) && spans.some(isJobPage) && spans.some((s) => s.attrs["http.route"] === "/api/suburbs"),
        "HTTP spans",
      );
      const quote = receiver.spans.find(isQuote)!;
      expect(quote.name).toBe("POST /api/leads");
      expect(quote.parentSpanId ?? "").toBe("");
      expect(quote.attrs).toMatchObject({ "http.response.status_code": 201, "url.path": "/api/leads" });

      // Its SQL statements, each one's chain of parents reaching the HTTP span: the lead's insert among them.
      await receiver.waitFor(
        (spans) => spans.some((s) => s.traceId === quote.traceId && /insert into "leads"/.test(String(s.attrs["db.query.text"]))),
        "lead insert's span",
      );
      const byId = new Map(receiver.spans.map((s) => [s.spanId, s]));
      const under = (s: Span, ancestor: Span) => {
        for (let at: Span | undefined = s; at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined) if (at.spanId === ancestor.spanId) return true;
        return false;
      };
      const statements = receiver.spans.filter(
        (s) => s.scope === "@opentelemetry/instrumentation-pg" && s.traceId === quote.traceId && s.attrs["db.query.text"],
      );
      expect(statements.length).toBeGreaterThan(2);
      for (const statement of statements) expect(under(statement, quote), statement.name).toBe(true);
      const insert = statements.find((s) => /insert into "leads"/.test(String(s.attrs["db.query.text"])))!;
      expect(insert.attrs).toMatchObject({ "db.system.name": "postgresql" });
      // The values go as parameters and are not recorded.
      expect(insert.attrs["db.query.text"]).toMatch(/\$1/);
      expect(Object.keys(insert.attrs).filter((k) => /values|parameter/.test(k))).toEqual([]);

      // The request's log line names the trace and its HTTP span.
      await expect.poll(() => app!.output()).toContain(requestId!);
      const line = app!
        .output()
        .split("\n")
        .find((l) => l.includes(`"id":"${requestId}"`) && l.includes("request completed"));
      expect(JSON.parse(line!)).toMatchObject({ trace_id: quote.traceId, span_id: quote.spanId });

      // The job page's span: its template and "/api/jobs/*", never the token; the GET's query dropped.
      expect(receiver.spans.find(isJobPage)!.attrs).toMatchObject({ "url.path": "/api/jobs/*", "http.response.status_code": 200 });
      const suburbs = receiver.spans.find((s) => s.attrs["http.route"] === "/api/suburbs")!;
      expect(suburbs.attrs["url.path"]).toBe("/api/suburbs");
      expect(Object.keys(suburbs.attrs)).not.toContain("url.query");
      const everything = receiver.raw();
      // Times and ids are numbers and hex made by the SDK: a typed "4821" can turn up in them by chance.
      const said = everything.replace(/"\w*TimeUnixNano":"?\d+"?|"(?:traceId|spanId|parentSpanId)":"[^"]*"|"host\.id","value":\{"stringValue":"[^"]*"\}/g, "");
      for (const secret of [...TYPED, token, verification, requestId!]) expect(said, secret).not.toContain(secret);
      for (const who of ["client.address", "network.peer.address", "user_agent.original"]) expect(everything).not.toContain(who);
    });
  },
  "skipped on PGlite: its SQL runs inside the process, with no driver to trace (TEST_DATABASE_URL runs it)",
);
