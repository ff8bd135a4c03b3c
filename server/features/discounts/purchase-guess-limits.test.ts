// docs/product.md section 13: a wrong code sent with a purchase is as good an oracle as
// /api/discount-codes/validate, so it counts against the same guessing limit.
import { describe, expect, it } from "vitest";
import { createLead, createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { signIn } from "../../test/sign-in";
import { TOO_MANY_DISCOUNT_ATTEMPTS } from "../../core/discounts/guess-limits";

const ctx = useTestApp({ env: { RATE_LIMIT_DISCOUNT_PER_USER: "3", RATE_LIMIT_DISCOUNT_PER_IP: "100" } });

describe("discount-code guessing through the purchase route", () => {
  it("when a buyer sends 3 wrong codes with purchases, then the 4th is 429 and validate is locked too, while buying without a code still works", async () => {
    const buyer = await signIn(ctx.server, (await createUser(ctx.db)).username);
    const leads = await Promise.all(Array.from({ length: 4 }, () => createLead(ctx.db)));
    for (const lead of leads.slice(0, 3)) expect((await buyer.post(`/api/leads/${lead.id}/purchase`).send({ discountCode: "GUESS" })).status).toBe(400);
    const blocked = await buyer.post(`/api/leads/${leads[3]!.id}/purchase`).send({ discountCode: "GUESS" });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: TOO_MANY_DISCOUNT_ATTEMPTS });
    expect((await buyer.post("/api/discount-codes/validate").send({ code: "ANOTHER" })).status).toBe(429);
    // Locked out of guessing, the same buyer still buys at the full price.
    expect((await buyer.post(`/api/leads/${leads[3]!.id}/purchase`).send({})).status).toBe(201);
  });

  it("when a buyer sending a code loses races for leads, then the 409s never lock them out", async () => {
    const buyer = await signIn(ctx.server, (await createUser(ctx.db)).username);
    const rival = await signIn(ctx.server, (await createUser(ctx.db)).username);
    for (let i = 0; i < 5; i++) {
      const lead = await createLead(ctx.db);
      expect((await rival.post(`/api/leads/${lead.id}/purchase`).send({})).status).toBe(201);
      expect((await buyer.post(`/api/leads/${lead.id}/purchase`).send({ discountCode: "ANY" })).status).toBe(409);
    }
    expect((await buyer.post("/api/discount-codes/validate").send({ code: "TYPO" })).status).toBe(400);
  });
});
