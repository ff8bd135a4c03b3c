// A feature's router entered only by the requests its routes can answer (docs/decisions/119-routers-chosen-by-first-segment.md).
import express, { Router, type Request, type RequestHandler, type Response } from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { enteredByFirstSegment, firstSegments } from "./first-segment";

/**
 * `router` mounted at /api through the check, then a 404 for whatever passes it; `entered` counts the
 * requests the check handed to the router (a spy with the router's own routes).
 */
function appWith(router: Router) {
  const seen = { entered: 0, passed: [] as string[] };
  const spy = Object.assign<RequestHandler, Pick<Router, "stack">>((req, res, next) => (seen.entered++, router(req, res, next)), { stack: router.stack });
  const app = express();
  app.use("/api", enteredByFirstSegment(spy as unknown as Router));
  app.use((req, res) => {
    seen.passed.push(req.originalUrl);
    res.status(404).json({ message: "no route" });
  });
  return { app, seen };
}

const leads = () => {
  const router = Router();
  router.get("/leads/:id/listing", (req, res) => void res.json({ listing: req.params.id }));
  router.post("/leads/:id/purchase", (req, res) => void res.status(201).json({ bought: req.params.id }));
  router.get("/create-payment-intent", (_req, res) => void res.json({ intent: true }));
  return router;
};

describe("a router entered by its routes' first segments", () => {
  it("when routes begin with literal segments, then those segments are its own, lowercased", () => {
    const router = leads();
    router.get("/Discount-Codes/apply", (_req, res) => void res.end());
    expect(firstSegments(router)).toEqual(new Set(["leads", "create-payment-intent", "discount-codes"]));
  });

  it("when a route begins with a parameter or a wildcard, or a middleware serves every path, then any request may be its", () => {
    const param = Router();
    param.get("/:token", (_req, res) => void res.end());
    const wildcard = Router();
    wildcard.get("/{*rest}", (_req, res) => void res.end());
    const middleware = Router();
    middleware.use((_req, _res, next) => next());
    middleware.get("/leads", (_req, res) => void res.end());
    const pattern = Router();
    pattern.get(/^\/le+ads/, (_req, res) => void res.end());
    for (const router of [param, wildcard, middleware, pattern]) expect(firstSegments(router)).toBeNull();
  });

  it("when a request's first segment is the router's, then the router answers it, whatever the case of its letters", async () => {
    const { app } = appWith(leads());
    expect((await request(app).post("/api/leads/7/purchase")).body).toEqual({ bought: "7" });
    expect((await request(app).get("/api/LEADS/7/listing")).body).toEqual({ listing: "7" });
    expect((await request(app).get("/api/create-payment-intent?x=1")).body).toEqual({ intent: true });
    expect((await request(app).get("/api/create-payment-intent/")).body).toEqual({ intent: true });
  });

  it("when a request's first segment is not the router's, then it goes on past the router without entering it", async () => {
    const { app, seen } = appWith(leads());
    const others = ["/api/auth/me", "/api/no-such-route", "/api", "/api/", "/api/leadsx/7/purchase", "/api/le%61ds/7/purchase"];
    for (const path of others) expect((await request(app).post(path)).status).toBe(404);
    expect(seen).toEqual({ entered: 0, passed: others });
    expect((await request(app).post("/api/leads/7/purchase")).status).toBe(201);
    expect(seen.entered).toBe(1);
  });

  it("when the request line is a full URL or its path carries a fragment, then the router reads it itself or by the path before the #", () => {
    let entered = 0;
    const spy = Object.assign<RequestHandler, Pick<Router, "stack">>(() => void entered++, { stack: leads().stack });
    const check = enteredByFirstSegment(spy as unknown as Router);
    const passed: string[] = [];
    for (const url of ["http://www.sparks.example/api/leads/7/purchase", "/leads#x", "/auth#leads"]) {
      check({ url } as Request, {} as Response, () => passed.push(url));
    }
    expect({ entered, passed }).toEqual({ entered: 2, passed: ["/auth#leads"] });
  });

  it("when it is mounted, then it shows as a router with the router's routes, as the traces and the route listing read a mounted router", () => {
    const router = leads();
    const check = enteredByFirstSegment(router) as RequestHandler & { stack?: unknown };
    expect(check.name).toBe("router");
    expect(check.stack).toBe(router.stack);
  });
});
