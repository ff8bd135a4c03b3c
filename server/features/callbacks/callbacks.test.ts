import request from "supertest";
import { describe, expect, it } from "vitest";
import { CALLBACK_MESSAGES } from "../../../shared/callbacks";
import { providerCallbacks } from "../../../shared/schema";
import { useTestApp, withTestApp } from "../../test/app";

const ctx = useTestApp();

const valid = {
  firstName: "Dave",
  lastName: "Wilson",
  mobile: "0412 345 678",
  email: "dave@sparkright.com.au",
  businessName: "Sparkright Electrical",
  serviceArea: "Western Sydney",
};
const post = (body: object) => request(ctx.server).post("/api/provider-callbacks").send(body);
const rows = () => ctx.db.select().from(providerCallbacks);

describe("POST /api/provider-callbacks", () => {
  it("when valid, then 201, stored as pending with the mobile as digits, nothing echoed", async () => {
    const res = await post({ ...valid, firstName: "  Dave " });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: "pending" });
    const [row] = await rows();
    expect(row).toMatchObject({ ...valid, firstName: "Dave", mobile: "0412345678", status: "pending", notes: null });
  });

  it.each([
    ["firstName", { firstName: "D" }, CALLBACK_MESSAGES.firstName],
    ["firstName", { firstName: undefined }, CALLBACK_MESSAGES.firstName],
    ["lastName", { lastName: " W " }, CALLBACK_MESSAGES.lastName],
    ["mobile", { mobile: "04123" }, CALLBACK_MESSAGES.mobile],
    ["mobile", { mobile: "0912 345 678" }, CALLBACK_MESSAGES.mobile],
    ["email", { email: "not-an-email" }, CALLBACK_MESSAGES.email],
    ["email", { email: "" }, CALLBACK_MESSAGES.email],
    ["businessName", { businessName: "X" }, CALLBACK_MESSAGES.businessName],
    ["serviceArea", { serviceArea: "" }, CALLBACK_MESSAGES.area],
    ["serviceArea", { serviceArea: undefined }, CALLBACK_MESSAGES.area],
  ])("when %s is %j, then 400 with the form's message", async (field, change, message) => {
    const res = await post({ ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toBe(message);
  });

  it("when a landline or +61 number is given, then it is accepted as digits", async () => {
    expect((await post({ ...valid, mobile: "(02) 9876 5432" })).status).toBe(201);
    expect((await post({ ...valid, mobile: "+61 412 000 111" })).status).toBe(201);
    const mobiles = (await rows()).map((r) => r.mobile);
    expect(mobiles).toContain("0298765432");
    expect(mobiles).toContain("0412000111");
  });

  it("when the honeypot is filled, then 201 and nothing is stored", async () => {
    const before = (await rows()).length;
    const res = await post({ ...valid, website: "https://spam.example" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: "pending" });
    expect((await rows()).length).toBe(before);
  });
});

describe("POST /api/provider-callbacks: rate limit", () => {
  it("when one IP sends more than the limit, then 429 with a JSON message", () =>
    withTestApp({ env: { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "1" } }, async (limited) => {
      expect((await request(limited.app).post("/api/provider-callbacks").send(valid)).status).toBe(201);
      const second = await request(limited.app).post("/api/provider-callbacks").send(valid);
      expect(second.status).toBe(429);
      expect(second.body.message).toMatch(/Too many/);
    }));
});
