// Discount codes the operator issues (docs/product.md section 5): validation, duplicates, uses
// counted at sale up to maxUses, and deactivation.
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createLead, createUser } from "../../setup/factories";
import { signIn, useOperatorApp } from "../../test/sign-in";

const ctx = useOperatorApp();

const create = (body: object) => request(ctx.server).post("/api/admin/discount-codes").set("Authorization", ctx.auth).send(body);
const list = async () =>
  (await request(ctx.server).get("/api/admin/discount-codes").set("Authorization", ctx.auth)).body as Array<{
    id: number;
    code: string;
    currentUses: number;
    isActive: boolean;
  }>;

describe("admin discount codes", () => {
  it("when a code is created, then it is listed with 0 uses; the same code in another case is 409", async () => {
    const res = await create({
      code: "WINTER20",
      description: "Winter promo",
      discountType: "percentage",
      discountValue: 20,
      maxUses: 5,
      validUntil: "2099-01-01T00:00:00Z",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      code: "WINTER20",
      discountType: "percentage",
      discountValue: "20.00",
      maxUses: 5,
      currentUses: 0,
      isActive: true,
      validUntil: "2099-01-01T00:00:00.000Z",
    });
    expect((await list()).find((c) => c.code === "WINTER20")).toMatchObject({ currentUses: 0 });
    const dup = await create({ code: "winter20", discountType: "free" });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe("A discount code with that name already exists");
  });

  it("when the input breaks docs/product.md section 5's limits, then 400 with the field's message", async () => {
    const cases: Array<[object, string]> = [
      [{ code: "", discountType: "free" }, "code"],
      [{ code: "X".repeat(51), discountType: "free" }, "code"],
      [{ code: "PCT101", discountType: "percentage", discountValue: 101 }, "discountValue"],
      [{ code: "NEG", discountType: "fixed_amount", discountValue: -1 }, "discountValue"],
      [{ code: "NOVAL", discountType: "fixed_amount" }, "discountValue"],
      [{ code: "ZEROUSES", discountType: "free", maxUses: 0 }, "maxUses"],
      [{ code: "BADTYPE", discountType: "half" }, "discountType"],
      [{ code: "BADDATE", discountType: "free", validUntil: "not a date" }, "validUntil"],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect((await create({ code: "X".repeat(50), discountType: "percentage", discountValue: 100 })).status).toBe(201);
  });

  it("when a one-use code is used by a buyer, then the count shows it and the next buyer is refused", async () => {
    const created = await create({ code: "ONCE10", discountType: "fixed_amount", discountValue: 10, maxUses: 1 });
    const first = await signIn(ctx.server, (await createUser(ctx.db)).username);
    const second = await signIn(ctx.server, (await createUser(ctx.db)).username);
    const buy = await first.post(`/api/leads/${(await createLead(ctx.db)).id}/purchase`).send({ discountCode: "once10" });
    expect(buy.status).toBe(201);
    expect(buy.body.purchase).toMatchObject({ amountPaid: "30.00", discountAmount: "10.00" });
    expect((await list()).find((c) => c.id === created.body.id)).toMatchObject({ currentUses: 1 });
    const refused = await second.post(`/api/leads/${(await createLead(ctx.db)).id}/purchase`).send({ discountCode: "ONCE10" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("This discount code has reached its limit");
  });

  it("when the operator deactivates a code, then buyers can no longer validate it", async () => {
    const created = await create({ code: "STOPME", discountType: "free" });
    const buyer = await signIn(ctx.server, (await createUser(ctx.db)).username);
    expect((await buyer.post("/api/discount-codes/validate").send({ code: "STOPME" })).status).toBe(200);
    const res = await request(ctx.server).patch(`/api/admin/discount-codes/${created.body.id}`).set("Authorization", ctx.auth).send({ isActive: false });
    expect(res.status).toBe(200);
    expect(res.body.isActive).toBe(false);
    expect((await buyer.post("/api/discount-codes/validate").send({ code: "STOPME" })).status).toBe(400);
    expect((await request(ctx.server).patch("/api/admin/discount-codes/999999").set("Authorization", ctx.auth).send({ isActive: false })).status).toBe(404);
  });
});
