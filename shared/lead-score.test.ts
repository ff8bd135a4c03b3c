import { describe, expect, it } from "vitest";
import { autoBuyOrderCreateRequest } from "./auto-buy";
import { leadScoreText, minLeadScoreForForm, minLeadScoreFromForm, minLeadScoreText } from "./lead-score";

describe("the lead score's one scale", () => {
  it("when a lead's score is shown, then it reads out of 10, as the cards and the admin's list show it", () => {
    expect(leadScoreText(7)).toBe("7/10");
  });

  it("when an order's minimum is typed out of 10, then the API gets the number the engine compares with the lead's score", () => {
    expect(minLeadScoreFromForm("7")).toBe(7);
    expect(minLeadScoreFromForm(" 7/10 ")).toBe(7);
    expect(minLeadScoreFromForm("")).toBe(0);
    expect(minLeadScoreFromForm("10")).toBe(10);
    // The API still takes every value the form sends.
    expect(autoBuyOrderCreateRequest.safeParse({ minLeadScore: minLeadScoreFromForm("10"), maxPrice: "25", maxPerDay: 3, maxPerWeek: "100" }).success).toBe(
      true,
    );
  });

  it("when the minimum typed is above 10 or not a whole score, then the form refuses it rather than send a minimum no lead reaches", () => {
    expect(minLeadScoreFromForm("70")).toBeNull();
    expect(minLeadScoreFromForm("11")).toBeNull();
    expect(minLeadScoreFromForm("6.5")).toBeNull();
    expect(minLeadScoreFromForm("-1")).toBeNull();
  });

  it("when a saved order is shown or edited, then its minimum reads out of 10 and comes back unchanged", () => {
    expect(minLeadScoreFromForm(minLeadScoreForForm(6))).toBe(6);
    expect(minLeadScoreText(6)).toBe("6/10 or more");
    expect(minLeadScoreText(0)).toBe("Any score");
    expect(minLeadScoreText(60)).toBe("60: above 10/10, so no lead matches");
  });
});
