// Impossible dates over HTTP, on either database (docs/decisions/075-limits-and-edges.md): each date
// field on the wire refuses a day that does not exist with a 400 naming the field, never a 500 and
// never a nearby day in its place; the real day next to it is taken.
import request from "supertest";
import { describe, expect, it } from "vitest";
import { QUOTE } from "../../core/alerts/test/alerts";
import { createPurchase } from "../../setup/factories";
import { createCast, useOperatorApp } from "../../test/sign-in";

const clock = new Date("2026-11-24T01:00:00.000Z");
const ctx = useOperatorApp({ now: () => clock, startAlertWorker: false, env: { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "100000" } });
const LINE = [{ description: "Smoke alarm replaced", quantity: 1, unitPrice: "120.00" }];
const IMPOSSIBLE = ["2027-02-29", "2027-02-30", "2027-04-31", "2027-13-01"];

const refusedOn = (res: request.Response, field: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(Object.keys(res.body.errors ?? {})).toContain(field);
};

describe("impossible dates", () => {
  it("when a quote's last day does not exist, then 400 on validUntil; the real last day of February is kept", async () => {
    const { agents, people } = await createCast(ctx);
    const sale = await createPurchase(ctx.db, people.owner.id);
    for (const day of IMPOSSIBLE)
      refusedOn(await agents.owner.post(`/api/lead-purchases/${sale.id}/quotes`).send({ items: LINE, validUntil: day }), "validUntil");
    const kept = await agents.owner.post(`/api/lead-purchases/${sale.id}/quotes`).send({ items: LINE, validUntil: "2027-02-28" });
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    expect(kept.body.validUntil).toBe("2027-02-28");
  });

  it("when the wizard's preferred dates do not exist, then 400 on each field and no lead is stored", async () => {
    for (const day of IMPOSSIBLE) {
      refusedOn(
        await request(ctx.server)
          .post("/api/leads")
          .send({ ...QUOTE, preferredPickupDate: day }),
        "preferredPickupDate",
      );
      refusedOn(
        await request(ctx.server)
          .post("/api/leads")
          .send({ ...QUOTE, preferredDropoffDate: day }),
        "preferredDropoffDate",
      );
    }
  });

  it("when a discount's expiry does not exist, then 400 on validUntil instead of the day after; a real day ends at Sydney midnight", async () => {
    const create = (code: string, validUntil: string) =>
      request(ctx.server).post("/api/admin/discount-codes").set("Authorization", ctx.auth).send({ code, discountType: "free", validUntil });
    for (const [i, day] of IMPOSSIBLE.entries()) refusedOn(await create(`NODAY${i}`, day), "validUntil");
    refusedOn(await create("NOHOUR", "2027-02-30T10:00:00Z"), "validUntil");
    const kept = await create("LASTFEB", "2027-02-28");
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    expect(kept.body.validUntil).toBe("2027-02-28T12:59:59.999Z");
  });

  it("when a follow-up, an export range or an Insights period names a day that does not exist, then 400 on that field", async () => {
    const { agents, people } = await createCast(ctx);
    const sale = await createPurchase(ctx.db, people.owner.id);
    refusedOn(await agents.owner.patch(`/api/lead-purchases/${sale.id}/sales-stage`).send({ version: 1, followUpOn: "2027-02-29" }), "followUpOn");
    refusedOn(await agents.owner.get("/api/my-purchased-leads/export.csv?from=2026-02-29"), "from");
    refusedOn(await agents.owner.get("/api/insights?from=2026-11-01&to=2026-11-31"), "to");
  });
});
