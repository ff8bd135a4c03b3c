// Every money input a client can send, against what numeric(10,2) holds (docs/product.md
// section 13): the largest amount is taken, one cent more is a clear 400 message, never an
// overflow in the database. Starting prices are capped in pricing.ts instead.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { discountCodeCreate } from "./admin";
import { salesStageUpdate } from "./pipeline";
import { MONEY_TOO_LARGE } from "./pricing";

const moneyInputs: Array<[string, z.ZodType, (amount: string) => object, string]> = [
  ["quotePrice", salesStageUpdate, (amount) => ({ quotePrice: amount }), "quotePrice"],
  ["customerPaymentAmount", salesStageUpdate, (amount) => ({ customerPaymentAmount: amount }), "customerPaymentAmount"],
  ["fixed discount value", discountCodeCreate, (amount) => ({ code: "BIG", discountType: "fixed_amount", discountValue: amount }), "discountValue"],
];

describe.each(moneyInputs)("%s", (_name, schema, body, field) => {
  it("when it is the most numeric(10,2) holds, then it is accepted", () => {
    expect(schema.safeParse(body("99999999.99")).success).toBe(true);
  });

  it.each(["100000000", "100000000.00", "99999999999999999999"])("when it is %s, then it is refused saying the limit", (amount) => {
    const result = schema.safeParse(body(amount));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message: MONEY_TOO_LARGE })]);
  });
});
