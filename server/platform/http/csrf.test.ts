// docs/product.md section 10 CSRF: same-origin check on state-changing calls, JSON only.
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app";
import { createUser } from "../../setup/factories";
import { signIn } from "../../test/sign-in";

const ctx = useTestApp({ env: { PUBLIC_URL: "https://www.sparks.example.com.au" } });
let agent: request.Agent;
beforeAll(async () => {
  agent = await signIn(ctx.server, (await createUser(ctx.db)).username);
});

const area = { serviceLocation: "Parramatta NSW 2150", serviceLatitude: -33.8, serviceLongitude: 151.0, serviceRadius: 20 };
const patch = () => agent.patch("/api/auth/update-service-area").set("Host", "app.local:5000");

describe("cross-site request refusal", () => {
  it("when a signed-in browser is driven by another site (Origin), then 403 and nothing changes", async () => {
    const res = await patch().set("Origin", "https://evil.example").send(area);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "Cross-site request refused" });
    expect((await agent.get("/api/auth/me")).body.serviceLocation).toBeNull();
  });

  it("when only a foreign Referer is present, then 403", async () => {
    expect((await patch().set("Referer", "https://evil.example/page").send(area)).status).toBe(403);
  });

  it("when Origin is 'null', then 403", async () => {
    expect((await patch().set("Origin", "null").send(area)).status).toBe(403);
  });

  it("when the logout comes from another site, then 403 and the session survives", async () => {
    expect((await agent.post("/api/auth/logout").set("Origin", "https://evil.example")).status).toBe(403);
    expect((await agent.get("/api/auth/me")).status).toBe(200);
  });

  it("when Origin is the request's own host, then the change goes through", async () => {
    expect((await patch().set("Origin", "http://app.local:5000").send(area)).status).toBe(200);
  });

  it("when Origin is PUBLIC_URL's origin (behind a proxy), then it is accepted", async () => {
    expect((await patch().set("Origin", "https://www.sparks.example.com.au").send(area)).status).toBe(200);
  });

  it("when the Referer is a page of our own site, then it is accepted", async () => {
    expect((await patch().set("Referer", "http://app.local:5000/dashboard").send(area)).status).toBe(200);
  });

  it("when there is no Origin nor Referer (curl, server to server), then it is allowed", async () => {
    expect((await patch().send(area)).status).toBe(200);
  });

  it("when a body is sent as a form or text, then 415", async () => {
    const form = await agent.post("/api/auth/login").type("form").send({ username: "a", password: "b" });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ message: "Content-Type must be application/json" });
    const text = await agent.post("/api/auth/logout").set("Content-Type", "text/plain").send("x");
    expect(text.status).toBe(415);
    expect((await agent.get("/api/auth/me")).status).toBe(200);
  });

  it("when a job's completed form is uploaded as multipart, then only a PUT from our own site passes the check (a form can POST, never PUT)", async () => {
    const form = "/api/lead-purchases/1/paperwork/nsw_ccew/form";
    const post = await agent.post(form).attach("file", Buffer.from("%PDF-1.7"), "ccew.pdf");
    expect(post.status).toBe(415);
    const elsewhere = await agent.put(form).set("Origin", "https://evil.example").attach("file", Buffer.from("%PDF-1.7"), "ccew.pdf");
    expect(elsewhere.status).toBe(403);
    const ours = await agent.put(form).set("Origin", "https://www.sparks.example.com.au").attach("file", Buffer.from("%PDF-1.7"), "ccew.pdf");
    expect([403, 415]).not.toContain(ours.status);
  });

  it("when a GET comes from another site, then it is answered (reads change nothing)", async () => {
    expect((await agent.get("/api/auth/me").set("Origin", "https://evil.example")).status).toBe(200);
  });

  it("when the Stripe webhook is called without our Origin, then the CSRF check leaves it alone", async () => {
    const res = await request(ctx.server).post("/api/stripe/webhook").set("Origin", "https://stripe.example").set("Content-Type", "text/plain").send("{}");
    expect([403, 415]).not.toContain(res.status);
  });
});
