// GET /api/leads/:id/listing (docs/decisions/029): the lead an alert links to, found whatever the
// market's scope and filters, redacted like any market card; or whether it is sold or gone.
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import type { CastRole } from "../../test/sign-in";
import { createCast } from "../../test/sign-in";
import { useTestApp } from "../../test/app";
import { createLead } from "../../setup/factories";

const ctx = useTestApp();
let agents: Record<CastRole, request.Agent>;

beforeAll(async () => {
  ({ agents } = await createCast(ctx));
});

describe("GET /api/leads/:id/listing", () => {
  it("when the lead is on the market, then it comes redacted and priced, even far outside the viewer's area", async () => {
    // Perth: thousands of km from the cast's Sydney area, so not in their default market.
    const lead = await createLead(ctx.db, { suburb: "Perth", state: "WA", postcode: "6000", latitude: "-31.9523", longitude: "115.8613" });
    const res = await agents.owner.get(`/api/leads/${lead.id}/listing`);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toMatchObject({ status: "available", lead: { id: lead.id, customerName: "Karen", customerEmail: null, isRedacted: true } });
    expect(JSON.stringify(res.body)).not.toMatch(/Mitchell|karen@example|0411222333/);
  });

  it("when the lead was sold, archived, is a provider's private job or does not exist, then it says sold or gone and shows nothing of it", async () => {
    const sold = await createLead(ctx.db, { status: "sold" });
    const archived = await createLead(ctx.db, { isArchived: true });
    const manual = await createLead(ctx.db, { source: "provider_manual" });
    const body = async (id: number) => (await agents.owner.get(`/api/leads/${id}/listing`)).body as { status: string; lead: unknown };
    await expect(body(sold.id)).resolves.toMatchObject({ status: "sold", lead: null });
    await expect(body(archived.id)).resolves.toMatchObject({ status: "gone", lead: null });
    await expect(body(manual.id)).resolves.toMatchObject({ status: "gone", lead: null });
    await expect(body(manual.id + 1000)).resolves.toMatchObject({ status: "gone", lead: null });
  });

  it("when the id is not a record id, then 400; signed out 401; a customer or team member 403", async () => {
    expect((await agents.owner.get("/api/leads/abc/listing")).status).toBe(400);
    expect((await request(ctx.server).get("/api/leads/1/listing")).status).toBe(401);
    expect((await agents.customer.get("/api/leads/1/listing")).status).toBe(403);
    expect((await agents.member.get("/api/leads/1/listing")).status).toBe(403);
  });
});
