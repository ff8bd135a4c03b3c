import { describe, expect, it } from "vitest";
import { labelOf } from "./labels";
import { PIPELINE_TABS } from "./pipeline";

describe("labels", () => {
  it("when a stored value is shown, then it reads as the customer chose it in the quote form", () => {
    expect(labelOf("budgetRange", "unsure")).toBe("Not sure yet");
    expect(labelOf("timeframe", "asap")).toBe("As soon as possible (within 2-3 days)");
    expect(labelOf("urgency", "emergency")).toBe("Emergency (ASAP)");
    expect(labelOf("serviceType", "emergency")).toBe("Emergency");
  });

  it("when a value no enumeration knows comes from an old row, then it still reads as words", () => {
    expect(labelOf("salesStage", "accepted_lead")).toBe("Accepted lead");
    expect(labelOf("urgency", null)).toBe("");
  });

  it("when the pipeline's tabs are listed, then each stage tab has the stage's own label", () => {
    expect(PIPELINE_TABS.map((t) => t.label)).toEqual([
      "Leads",
      "Purchased",
      "Called",
      "Quoted",
      "Quote Accepted",
      "Booked In",
      "Paid",
      "Declined",
      "Purchase History",
    ]);
  });
});
