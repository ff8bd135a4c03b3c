// Walks every operation of /api/openapi.json with generated good and bad inputs, as each kind
// of caller, against a real app and database (docs/decisions/026): no answer is a 5xx, every 4xx is
// docs/runtime.md section 3's `{ message, errors? }`, and every status is one the document lists.
// Bounded and repeatable: FUZZ_SEED and FUZZ_RUNS (runs per operation and caller) override.
// Shared by fuzz.test.ts and fuzz-second-half.test.ts, which each walk half the operations (each
// file under 30 s on a 2-core machine), against an app and database of their own.
import fc from "fast-check";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../../../shared/schema";
import { createCallback, createDiscountCode, createLead, createPurchase, createReport, createUser } from "../../../setup/factories";
import { useTestApp } from "../../../test/app";
import { badValue, badValueFor, goodValue, oddString, type JsonSchema } from "../../../test/schema-arbitraries";
import { adminAuth, signIn, TEST_ADMIN } from "../../../test/sign-in";
import { openApiDocument } from "../../../api-document";

/** Registers the fuzz of every other operation, from the first (`half` 0) or the second (1). */
export function fuzzTheDocument(half: 0 | 1) {
  const SEED = Number(process.env.FUZZ_SEED ?? 13);
  const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
  const HIGH = "1000000";

  // Rate limits high enough that generated calls meet the routes, not a 429 (rate-limit.test.ts pins the limits).
  const ctx = useTestApp({
    env: {
      ...TEST_ADMIN,
      RATE_LIMIT_LOGIN_PER_USERNAME: HIGH,
      RATE_LIMIT_LOGIN_PER_IP: HIGH,
      RATE_LIMIT_FORGOT_PER_EMAIL: HIGH,
      RATE_LIMIT_PUBLIC_FORMS_PER_IP: HIGH,
    },
  });

  interface Parameter {
    in: "path" | "query";
    name: string;
    schema: JsonSchema;
  }
  interface Operation {
    parameters?: Parameter[];
    requestBody?: { content: Record<string, { schema: JsonSchema }> };
    responses: Record<string, { content?: Record<string, unknown> }>;
  }
  interface Doc {
    paths: Record<string, Record<string, Operation>>;
  }

  // Read at collection time so each operation is its own test; the served copy is checked equal below.
  const DOC = JSON.parse(JSON.stringify(openApiDocument())) as Doc;
  const OPERATIONS = Object.entries(DOC.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method, path, operation })));

  const ROLES = ["signedOut", "provider", "teamMember", "superAdmin", "operator"] as const;
  type Role = (typeof ROLES)[number];
  type CookieRole = Exclude<Role, "signedOut" | "operator">;

  /** Calls that may sign the caller out, in as someone else, or revoke the token: the caller is checked after each. */
  const CHANGES_THE_CALLER = new Set([
    "post /auth/login",
    "post /auth/logout",
    "post /auth/provider/signup",
    "post /auth/customer/signup",
    "post /admin/logout",
  ]);

  const people = {} as Record<CookieRole, User>;
  const agents = {} as Record<CookieRole, request.Agent>;
  let operatorAuth = "";

  beforeAll(async () => {
    people.provider = await createUser(ctx.db);
    people.teamMember = await createUser(ctx.db, { userType: "team_member", teamOwnerId: people.provider.id });
    people.superAdmin = await createUser(ctx.db, { userType: "super_admin" });
    const rival = await createUser(ctx.db);
    for (const role of Object.keys(people) as CookieRole[]) agents[role] = await signIn(ctx.server, people[role].username);
    operatorAuth = await adminAuth(ctx.server);
    // Rows for small generated ids to find: leads on the market, purchases of both providers, and the operator's lists.
    for (let i = 0; i < 8; i++) await createLead(ctx.db);
    const purchases = [];
    for (const buyer of [people.provider, people.provider, people.provider, rival]) purchases.push(await createPurchase(ctx.db, buyer.id));
    for (const purchase of purchases.slice(0, 2)) await createReport(ctx.db, purchase);
    for (let i = 0; i < 3; i++) {
      await createCallback(ctx.db);
      await createDiscountCode(ctx.db);
    }
  });

  /** Puts a caller back as it was when a call signed it out, deactivated or removed it. */
  async function restore(role: Role) {
    if (role === "signedOut") return;
    if (role === "operator") {
      const res = await request(ctx.server).get("/api/admin/session").set("Authorization", operatorAuth);
      if (res.status !== 200) operatorAuth = await adminAuth(ctx.server);
      return;
    }
    const me = await agents[role].get("/api/auth/me");
    if (me.status === 200 && me.body.id === people[role].id) return;
    const type = { provider: "provider", teamMember: "team_member", superAdmin: "super_admin" } as const;
    people[role] = await createUser(ctx.db, { userType: type[role], teamOwnerId: role === "teamMember" ? people.provider.id : null });
    agents[role] = await signIn(ctx.server, people[role].username);
  }

  function client(role: Role) {
    if (role === "operator") return { agent: request(ctx.server), headers: { Authorization: operatorAuth } };
    if (role === "signedOut") return { agent: request(ctx.server), headers: {} };
    return { agent: agents[role], headers: {} };
  }

  interface FuzzRequest {
    url: string;
    /** Sent as the JSON body, unless `raw` is set. */
    body?: unknown;
    raw?: { contentType: string; text: string };
    origin?: string;
  }

  /** `arbitrary` one time in ten, else undefined. */
  const rarely = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

  /** A path segment: a good value, or an id like 0, -1, 1e99, 'abc', a bad escape. */
  const pathValue = (schema: JsonSchema) =>
    fc.oneof(
      { weight: 3, arbitrary: goodValue(schema).map((v) => encodeURIComponent(String(v))) },
      { weight: 2, arbitrary: oddString.map(encodeURIComponent) },
      fc.constantFrom("%E0%A4%A", "%", "9".repeat(400), "1%2F2"),
    );

  const queryValue = (schema: JsonSchema) =>
    fc.oneof(
      { weight: 3, arbitrary: goodValue(schema).map((v) => (Array.isArray(v) ? v.map(String) : String(v))) },
      oddString,
      fc.array(oddString, { minLength: 2, maxLength: 3 }),
    );

  function requestArbitrary(path: string, method: string, operation: Operation): fc.Arbitrary<FuzzRequest> {
    const params = operation.parameters ?? [];
    const pathParams = params.filter((p) => p.in === "path");
    const queryParams = params.filter((p) => p.in === "query");
    const url = fc
      .tuple(
        fc.tuple(...pathParams.map((p) => pathValue(p.schema))),
        fc.record(Object.fromEntries(queryParams.map((p) => [p.name, queryValue(p.schema)])), { requiredKeys: [] }),
        rarely(fc.tuple(fc.string({ maxLength: 8 }), oddString)),
      )
      .map(([segments, query, extra]) => {
        let i = 0;
        const filled = path.replace(/\{\w+\}/g, () => segments[i++]!);
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(query)) for (const v of [value].flat()) search.append(key, v as string);
        if (extra) search.append(...extra);
        return `/api${filled}${search.size ? `?${search}` : ""}`;
      });
    if (method === "get") return url.map((u) => ({ url: u }));
    const schema = operation.requestBody?.content["application/json"]?.schema;
    const body = schema ? fc.oneof({ weight: 2, arbitrary: goodValue(schema) }, { weight: 3, arbitrary: badValueFor(schema) }) : fc.option(badValue);
    return fc
      .tuple(
        url,
        body,
        rarely(fc.constantFrom({ contentType: "application/json", text: '{"broken": ' }, { contentType: "text/plain", text: "hello" })),
        rarely(fc.constantFrom("https://evil.example", "null")),
      )
      .map(([u, b, raw, origin]) => ({ url: u, body: b ?? undefined, raw, origin }));
  }

  async function send(role: Role, method: string, input: FuzzRequest, stream: boolean) {
    const { agent, headers } = client(role);
    let req = agent[method as "get"](input.url).set(headers);
    if (input.origin) req = req.set("Origin", input.origin);
    if (input.raw) req = req.set("Content-Type", input.raw.contentType).send(input.raw.text);
    else if (input.body !== undefined) req = req.set("Content-Type", "application/json").send(JSON.stringify(input.body));
    // An event stream never ends: hang up once it opens; a refusal is read as usual.
    if (stream)
      req = req.buffer(false).parse((res, done) => {
        const incoming = res as unknown as NodeJS.ReadableStream & { statusCode: number; destroy(): void };
        if (incoming.statusCode === 200) {
          incoming.destroy();
          return done(null, {});
        }
        let text = "";
        incoming.on("data", (chunk: Buffer) => (text += chunk.toString()));
        incoming.on("end", () => done(null, JSON.parse(text)));
      });
    return req;
  }

  /** docs/runtime.md section 3: `{ message: string, errors?: { [field]: string } }` and nothing else. */
  function isErrorBody(body: unknown) {
    if (!body || typeof body !== "object" || Array.isArray(body)) return false;
    const { message, errors, ...rest } = body as Record<string, unknown>;
    const errorsOk = errors === undefined || (typeof errors === "object" && errors !== null && Object.values(errors).every((v) => typeof v === "string"));
    return typeof message === "string" && errorsOk && Object.keys(rest).length === 0;
  }

  describe("every operation of the OpenAPI document, fuzzed as every caller", () => {
    if (half === 0)
      it("when the document is served, then it is the one the fuzz walks", async () => {
        const res = await request(ctx.server).get("/api/openapi.json");
        expect(res.body).toEqual(DOC);
        expect(OPERATIONS.length).toBeGreaterThan(30);
      });

    it.each(OPERATIONS.filter((_, i) => i % 2 === half))(
      "when $method $path gets generated input, then no 5xx and every refusal is the error shape",
      async ({ method, path, operation }) => {
        const documented = Object.keys(operation.responses).map(Number);
        const stream = Boolean(operation.responses["200"]?.content?.["text/event-stream"]);
        const arbitrary = requestArbitrary(path, method, operation);
        for (const role of ROLES) {
          await fc.assert(
            fc.asyncProperty(arbitrary, async (input) => {
              const res = await send(role, method, input, stream);
              if (CHANGES_THE_CALLER.has(`${method} ${path}`)) await restore(role);
              const where = `${method.toUpperCase()} ${input.url.slice(0, 300)} as ${role}: ${res.status} ${res.text?.slice(0, 300)}`;
              expect(res.status, where).toBeLessThan(500);
              expect(documented, where).toContain(res.status);
              if (res.status >= 400) {
                expect(res.headers["content-type"], where).toMatch(/^application\/json/);
                expect(isErrorBody(res.body), where).toBe(true);
              }
            }),
            { seed: SEED, numRuns: RUNS },
          );
          await restore(role);
        }
      },
    );
  });
}
