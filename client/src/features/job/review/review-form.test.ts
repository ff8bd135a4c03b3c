import { describe, expect, it } from "vitest";
import { reviewBody, reviewFormErrors, textCountText } from "./review-form";

describe("the review form's rules", () => {
  it("when nothing is chosen or the text is short, then both say what to fix; a full review has no errors", () => {
    expect(reviewFormErrors({ rating: null, text: "  Good job   ", aspects: {} })).toEqual({
      rating: "Choose a rating from 1 to 5 stars",
      text: "Write at least 20 characters about the job",
    });
    expect(reviewFormErrors({ rating: 5, text: "Arrived on time and left the place tidy.", aspects: {} })).toEqual({});
    expect(reviewFormErrors({ rating: 3, text: "x".repeat(2001), aspects: {} })).toEqual({ text: "Keep the review to 2000 characters" });
  });

  it("when the customer types, then the count says how many more are needed, then how many of 2000", () => {
    expect(textCountText("")).toBe("0 / 2000 · 20 more characters needed");
    expect(textCountText("x".repeat(19))).toBe("19 / 2000 · 1 more character needed");
    expect(textCountText("x".repeat(20))).toBe("20 / 2000");
  });

  it("when the review is sent, then the text is trimmed, the code's spaces go, and only rated aspects travel", () => {
    expect(reviewBody({ rating: 4, text: "  Tidy work and a fair price overall.  ", aspects: { value: 5 } }, "123 456")).toEqual({
      code: "123456",
      rating: 4,
      text: "Tidy work and a fair price overall.",
      aspects: { value: 5 },
    });
    expect(reviewBody({ rating: 2, text: "Late twice and did not call ahead.", aspects: {} }, "654321")).not.toHaveProperty("aspects");
  });
});
