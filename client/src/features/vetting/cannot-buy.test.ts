// The card's line from the server's standing (docs/decisions/085-an-honest-public-profile.md).
import { describe, expect, it } from "vitest";
import { cannotBuyOnCard } from "./cannot-buy";

describe("the market card's line when the account cannot buy", () => {
  it("when the server says the licence is still being checked, then the card says so in a line", () => {
    expect(cannotBuyOnCard({ status: "pending", cannotBuy: "Your licence is still being checked, so you can't buy leads yet." })).toBe(
      "You can't buy yet: your licence is being checked.",
    );
  });

  it("when the server refuses for a rejected or an expired licence, then the line says which", () => {
    expect(cannotBuyOnCard({ status: "rejected", cannotBuy: "Your licence was not approved." })).toBe("You can't buy: your licence was not approved.");
    expect(cannotBuyOnCard({ status: "approved", cannotBuy: "Your electrical licence expired on 1 March 2026." })).toBe(
      "You can't buy: your licence has expired.",
    );
  });

  it("when the server lets the account buy, or has not answered, then no line", () => {
    expect(cannotBuyOnCard({ status: "approved", cannotBuy: null })).toBeNull();
    expect(cannotBuyOnCard(undefined)).toBeNull();
  });
});
