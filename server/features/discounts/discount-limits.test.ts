// docs/product.md section 13: discount-code checks are rate limited per buyer and per IP like
// logins (failed checks only), with small numbers so the tests stay quick.
import { describe, expect, it } from "vitest";
import { createDiscountCode, createLead, createUser } from "../../setup/factories";
import { useTestApp } from "../../test/app";
import { signIn } from "../../test/sign-in";
import { TOO_MANY_DISCOUNT_ATTEMPTS } from "../../core/discounts/guess-limits";

const ctx = useTestApp({ env: { RATE_LIMIT_DISCOUNT_PER_USER: "3", RATE_LIMIT_DISCOUNT_PER_IP: "8" } });

const aBuyer = async () => signIn(ctx.server, (await createUser(ctx.db)).username);

describe("discount-code guessing", () => {
  it("when a buyer fails 3 checks across validate and apply, then the 4th is 429 with a JSON message, even for a real code", async () => {
    const { code } = await createDiscountCode(ctx.db, { code: "REAL10" });
    const lead = await createLead(ctx.db);
    const buyer = await aBuyer();
    expect((await buyer.post("/api/discount-codes/validate").send({ code: "GUESS1" })).status).toBe(400);
    expect((await buyer.post("/api/discount-codes/apply").send({ code: "GUESS2", leadId: lead.id })).status).toBe(400);
    expect((await buyer.post("/api/discount-codes/validate").send({ code: "GUESS3" })).status).toBe(400);
    for (const blocked of [
      await buyer.post("/api/discount-codes/validate").send({ code }),
      await buyer.post("/api/discount-codes/apply").send({ code, leadId: lead.id }),
    ]) {
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: TOO_MANY_DISCOUNT_ATTEMPTS });
    }
    // Another buyer (same IP, still under its limit) is not locked out by this one.
    expect((await (await aBuyer()).post("/api/discount-codes/validate").send({ code })).status).toBe(200);
  });

  it("when checks succeed, then they never count: honest use is not locked out", async () => {
    const { code } = await createDiscountCode(ctx.db, { code: "OFTEN" });
    const lead = await createLead(ctx.db);
    const buyer = await aBuyer();
    for (let i = 0; i < 10; i++) {
      expect((await buyer.post("/api/discount-codes/validate").send({ code })).status).toBe(200);
      expect((await buyer.post("/api/discount-codes/apply").send({ code, leadId: lead.id })).status).toBe(200);
    }
    expect((await buyer.post("/api/discount-codes/validate").send({ code: "TYPO" })).status).toBe(400);
  });

  it("when many buyers guess from one IP, then the per-IP limit answers 429", async () => {
    // The earlier tests of this file used 6 of this IP's 8: 3 guesses, 2 blocked checks and a typo.
    let status = 0;
    for (let i = 0; i < 6 && status !== 429; i++) status = (await (await aBuyer()).post("/api/discount-codes/validate").send({ code: `IP${i}` })).status;
    expect(status).toBe(429);
  });
});
