import { describe, expect, it } from "vitest";
import { editJobOptions, stageOptions } from "./pipeline";

describe("edit-job choices", () => {
  it("when a quote lead's budget is 'unsure', then it is offered first so an untouched form keeps it", () => {
    expect(editJobOptions("budgetRange", "unsure")).toEqual(["unsure", "under_500", "500_1000", "1000_2500", "2500_5000", "over_5000", "need_quote"]);
  });

  it("when the stored value is an edit-job value, then only the edit-job set is offered", () => {
    expect(editJobOptions("propertyType", "office")).toEqual(["residential", "commercial", "industrial", "apartment", "office", "retail"]);
  });
});

describe("stage dropdown", () => {
  it("when an old row is in picked_up, then its own stage shows as a disabled first option", () => {
    expect(stageOptions("picked_up")[0]).toEqual({ value: "picked_up", disabled: true });
    expect(stageOptions("picked_up").filter((o) => !o.disabled)).toHaveLength(7);
  });

  it("when the stage is selectable, then no extra option is added", () => {
    expect(stageOptions("called").map((o) => o.value)).not.toContain("picked_up");
    expect(stageOptions("called").every((o) => !o.disabled)).toBe(true);
  });
});
