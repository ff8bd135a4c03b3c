// The document and the routes must not drift (docs/decisions/026): every mounted route has an
// operation in /api/openapi.json and every operation a route; the document's security says
// what the route's guard does.
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { policyActionOf } from "../../platform/access/authorize";
import { useTestApp } from "../../test/app";
import { registeredRoutes } from "../../test/registered-routes";

interface DocOperation {
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
}
interface Doc {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, DocOperation>>;
  components: { securitySchemes: Record<string, unknown> };
}

const ctx = useTestApp({ suburbs: false });
let doc: Doc;

beforeAll(async () => {
  const res = await request(ctx.server).get("/api/openapi.json");
  expect(res.status).toBe(200);
  doc = res.body as Doc;
});

/** "POST /api/leads/:id/purchase" for each operation, the way Express names the route. */
function documentedLabels() {
  const base = doc.servers[0]!.url;
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => ({ label: `${method.toUpperCase()} ${base}${path.replace(/\{(\w+)\}/g, ":$1")}`, path, operation: item[method]! })),
  );
}

describe("the OpenAPI document and the mounted routes", () => {
  it("when the document is fetched, then it is OpenAPI 3.1 with the session cookie and operator bearer schemes", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes).toEqual({
      session: expect.objectContaining({ type: "apiKey", in: "cookie", name: "ae.sid" }),
      operatorToken: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
  });

  it("when the routes are listed, then each has an operation, and each operation a route", () => {
    const routes = registeredRoutes(ctx.app)
      .map((r) => r.label)
      .filter((label) => label.startsWith("GET /api") || !label.startsWith("GET /"));
    const documented = documentedLabels().map((d) => d.label);
    expect(routes.length).toBeGreaterThan(30); // the walk found the API, not an empty stack
    expect({ undocumented: routes.filter((r) => !documented.includes(r)), unrouted: documented.filter((d) => !routes.includes(d)) }).toEqual({
      undocumented: [],
      unrouted: [],
    });
  });

  it("when a route is guarded by the policy's allow(), then its operation asks for the session cookie, and only then", () => {
    const guarded = new Set(
      registeredRoutes(ctx.app)
        .filter((r) => policyActionOf(r.handlers[0]))
        .map((r) => r.label),
    );
    const mismatched = documentedLabels().filter(({ label, operation }) => guarded.has(label) !== Boolean(operation.security?.some((s) => "session" in s)));
    expect(mismatched.map((d) => d.label)).toEqual([]);
  });

  it("when an operation's path names a parameter, then the operation describes it, and the reverse", () => {
    for (const { label, path, operation } of documentedLabels()) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const described = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      expect(described, label).toEqual(inPath);
    }
  });
});
