import { describe, expect, it } from "vitest";
import { leadScore } from "./score";

const base = { urgency: "flexible", budgetRange: "unsure", electricalWork: "Fix a light", customerAddress: null, specialRequests: null };

describe("leadScore", () => {
  it("when every signal is at its weakest, then the score is low but not zero", () => {
    // 0.5 urgency + 0.5 budget + 1 detail = 2
    expect(leadScore(base)).toBe(2);
  });

  it("when every signal is at its strongest, then the score is 10", () => {
    expect(
      leadScore({
        urgency: "emergency",
        budgetRange: "2500_plus",
        electricalWork: "x".repeat(200),
        customerAddress: "1 George St, Sydney NSW 2000",
        specialRequests: "Call first",
      }),
    ).toBe(10);
  });

  it("when urgency rises, then the score never falls", () => {
    const order = ["flexible", "within_week", "within_24h", "emergency"];
    const scores = order.map((urgency) => leadScore({ ...base, urgency, budgetRange: "500_1000" }));
    expect([...scores].sort((a, b) => a - b)).toEqual(scores);
    expect(scores.at(-1)! - scores[0]!).toBeGreaterThanOrEqual(2);
  });

  it("when the budget rises, then the score never falls", () => {
    const order = ["unsure", "under_500", "500_1000", "1000_2500", "2500_plus"];
    const scores = order.map((budgetRange) => leadScore({ ...base, budgetRange }));
    expect([...scores].sort((a, b) => a - b)).toEqual(scores);
  });

  it("when the description is longer, then detail adds points", () => {
    expect(leadScore({ ...base, electricalWork: "x".repeat(160) })).toBeGreaterThan(leadScore(base));
  });

  it("when contact details are complete, then the score is higher", () => {
    expect(leadScore({ ...base, customerAddress: "12 Smith St, Parramatta", specialRequests: "Gate code 1234" })).toBe(4);
    expect(leadScore({ ...base, customerAddress: "   " })).toBe(2);
  });

  it("when a value is unknown, then it adds nothing and the score stays within 0-10", () => {
    expect(leadScore({ ...base, urgency: "whenever", budgetRange: "lots", electricalWork: "" })).toBe(0);
  });
});
