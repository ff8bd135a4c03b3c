import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "./auth-messages";
import { MARKET_MESSAGES } from "./market-messages";
import { can, refusal } from "./policy";

describe("policy", () => {
  it("when nobody is signed in, then nothing is allowed", () => {
    expect(can(null, "seeOwnAccount")).toBe(false);
    expect(can(undefined, "viewMarket")).toBe(false);
  });

  it("when a team member tries to buy, then they are told to ask their owner; a customer is told only electricians buy", () => {
    expect(refusal({ userType: "team_member", teamOwnerId: 1 }, "buyLeads")).toBe(MARKET_MESSAGES.teamCannotBuy);
    expect(refusal({ userType: "customer" }, "buyLeads")).toBe(MARKET_MESSAGES.onlyElectricians);
    expect(refusal({ userType: "customer" }, "viewMarket")).toBe(AUTH_MESSAGES.forbidden);
  });

  it("when a provider works under a team owner, then they may not manage a team; an owner may", () => {
    expect(can({ userType: "provider", teamOwnerId: 7 }, "manageTeam")).toBe(false);
    expect(can({ userType: "provider", teamOwnerId: null }, "manageTeam")).toBe(true);
  });
});
