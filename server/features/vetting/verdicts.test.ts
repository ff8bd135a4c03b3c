// Vetted electricians, the operator's side (docs/decisions/033): the Verification queue, Approve and Reject-with-reason behind
// the bearer token, each e-mailed to the provider through real SMTP (smtp-server).
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../shared/schema";
import { createUser } from "../../setup/factories";
import { createLogger } from "../../platform/logger";
import type { Mailer } from "../../platform/mail/mailer";
import { signIn, useOperatorApp } from "../../test/sign-in";
import { startSmtpServer } from "../../test/smtp";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let realMailer: Mailer;
// The app is made before the SMTP server is up; its mailer hands each mail to the real one.
const ctx = useOperatorApp({ mailer: { send: (mail) => realMailer.send(mail) } });
beforeAll(async () => {
  smtp = await startSmtpServer();
  realMailer = smtp.mailer(createLogger({ LOG_LEVEL: "silent", NODE_ENV: "test" }));
});
afterAll(() => smtp?.close());

const approve = (id: number, auth = ctx.auth) => request(ctx.server).post(`/api/admin/providers/${id}/approve`).set("Authorization", auth);
const reject = (id: number, body: object, auth = ctx.auth) =>
  request(ctx.server).post(`/api/admin/providers/${id}/reject`).set("Authorization", auth).send(body);
const pending = (values: Parameters<typeof createUser>[1] = {}) => createUser(ctx.db, { verificationStatus: "pending", isVerified: false, ...values });
const row = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("the Verification queue", () => {
  it("when providers wait, then the queue lists only pending providers, newest first, with licence, ABN, company and phone", async () => {
    const older = await pending({ createdAt: new Date("2026-01-01T00:00:00Z"), companyName: "Older Electrical" });
    const newer = await pending({ createdAt: new Date("2026-02-01T00:00:00Z"), licenseNumber: "REC-12345", licenceState: "VIC" });
    await createUser(ctx.db); // approved: not in the queue
    const res = await request(ctx.server).get("/api/admin/verification").set("Authorization", ctx.auth);
    expect(res.status).toBe(200);
    const ids = res.body.items.map((p: { id: number }) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(res.body.items.every((p: { verificationStatus: string }) => p.verificationStatus === "pending")).toBe(true);
    expect(res.body.items.find((p: { id: number }) => p.id === newer.id)).toMatchObject({
      licenceNumber: "REC-12345",
      licenceState: "VIC",
      licenceExpiry: newer.licenceExpiry,
      abn: "51824753556",
      companyName: newer.companyName,
      phone: newer.phone,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it("when the bearer token is missing or a super admin's cookie is used, then 401 on every vetting route", async () => {
    const p = await pending();
    const superAdmin = await signIn(ctx.server, (await createUser(ctx.db, { userType: "super_admin" })).username);
    expect((await request(ctx.server).get("/api/admin/verification")).status).toBe(401);
    expect((await request(ctx.server).post(`/api/admin/providers/${p.id}/approve`)).status).toBe(401);
    expect((await superAdmin.post(`/api/admin/providers/${p.id}/approve`)).status).toBe(401);
    expect((await reject(p.id, { reason: "x" }, "Bearer not-a-token")).status).toBe(401);
    expect((await row(p.id)).verificationStatus).toBe("pending");
  });
});

describe("approve and reject", () => {
  it("when the operator approves, then the provider is approved, leaves the queue, and is e-mailed", async () => {
    const p = await pending({ email: `approve.${Date.now()}@example.com`, firstName: "Ruby" });
    const res = await approve(p.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: { id: p.id, verificationStatus: "approved" }, mailed: true });
    expect(await row(p.id)).toMatchObject({ verificationStatus: "approved", isVerified: true, rejectionReason: null });
    const [mail] = smtp.to(p.email!);
    expect(mail?.subject).toMatch(/Your licence is approved/);
    expect(mail?.text).toMatch(/Hi Ruby,/);
    expect(mail?.text).toMatch(/\/dashboard/);
    expect((await approve(p.id)).status).toBe(409);
    expect(smtp.to(p.email!)).toHaveLength(1);
  });

  it("when the operator rejects with a reason, then the provider is rejected, the reason stored and e-mailed", async () => {
    const p = await pending({ email: `reject.${Date.now()}@example.com` });
    const reason = "The licence number 123456C is registered to another business on the NSW register";
    const res = await reject(p.id, { reason: `  ${reason} ` });
    expect(res.status).toBe(200);
    expect(res.body.mailed).toBe(true);
    expect(await row(p.id)).toMatchObject({ verificationStatus: "rejected", isVerified: false, rejectionReason: reason });
    const [mail] = smtp.to(p.email!);
    expect(mail?.subject).toMatch(/could not approve/);
    expect(mail?.text).toContain(reason);
    expect((await reject(p.id, { reason })).status).toBe(409);
  });

  it("when the reason is missing or blank, then 400 on reason and nothing changes", async () => {
    const p = await pending();
    for (const body of [{}, { reason: "   " }, { reason: 42 }]) {
      const res = await reject(p.id, body);
      expect(res.status).toBe(400);
      expect(res.body.errors?.reason).toBeDefined();
    }
    expect((await row(p.id)).verificationStatus).toBe("pending");
  });

  it("when a rejected provider is approved after all, or an approved one rejected, then the verdict changes", async () => {
    const p = await pending();
    expect((await reject(p.id, { reason: "Expired licence" })).status).toBe(200);
    expect((await approve(p.id)).status).toBe(200);
    expect((await reject(p.id, { reason: "Licence cancelled by Fair Trading" })).status).toBe(200);
    expect((await row(p.id)).rejectionReason).toBe("Licence cancelled by Fair Trading");
  });

  it("when the id is unknown, not a provider, or malformed, then 404 or 400", async () => {
    const customer = await createUser(ctx.db, { userType: "customer" });
    expect((await approve(999_999)).status).toBe(404);
    expect((await approve(customer.id)).status).toBe(404);
    expect((await request(ctx.server).post("/api/admin/providers/abc/approve").set("Authorization", ctx.auth)).status).toBe(400);
  });

  it("when the provider list is read, then each shows its verification state and licence expiry", async () => {
    const p = await pending({ companyName: `Listed ${Date.now()} Electrical` });
    const res = await request(ctx.server).get("/api/admin/providers").query({ q: p.companyName! }).set("Authorization", ctx.auth);
    expect(res.body.items).toEqual([expect.objectContaining({ id: p.id, verificationStatus: "pending", licenceExpiry: p.licenceExpiry })]);
  });
});
