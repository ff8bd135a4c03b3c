import { describe, expect, it } from "vitest";
import { MARKET_PROPERTY_TYPES, MARKET_SERVICE_TYPES, MARKET_URGENCIES } from "./enums";
import { labelOf, MARKET_CHOICES, withChosen } from "./labels";
import { quoteRequestSchema } from "./leads";
import { manualLeadRequest } from "./pipeline";
import { PIPELINE_TABS } from "./pipeline-tabs";

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

  it("when the market's filter and the auto-buy order offer choices, then they are exactly what the quote form and Add Lead accept, in the cards' words", () => {
    // Both ways onto the market parse these schemas (server/features/leads/intake-service.ts, server/features/pipeline/manual-lead.ts).
    for (const schema of [quoteRequestSchema, manualLeadRequest]) {
      const accepted = (field: "serviceType" | "propertyType" | "urgency") =>
        (schema.shape[field] as unknown as { unwrap(): { options: string[] } }).unwrap().options;
      expect(accepted("serviceType")).toEqual([...MARKET_SERVICE_TYPES]);
      expect(accepted("propertyType")).toEqual([...MARKET_PROPERTY_TYPES]);
      expect(accepted("urgency")).toEqual([...MARKET_URGENCIES]);
    }
    expect(MARKET_CHOICES.serviceType.map((c) => c.label)).toEqual(["Installation", "Repair", "Maintenance", "Emergency", "Upgrade"]);
    expect(MARKET_CHOICES.propertyType.map((c) => c.label)).toEqual(["Residential", "Commercial", "Industrial"]);
    expect(MARKET_CHOICES.urgency.map((c) => c.label)).toEqual(["Emergency (ASAP)", "Within 24 hours", "Within a week", "Flexible"]);
    for (const [field, options] of Object.entries(MARKET_CHOICES))
      for (const option of options) expect(option.label).toBe(labelOf(field as keyof typeof MARKET_CHOICES, option.value));
  });

  it("when an older order or filter holds a value the list no longer offers, then it is shown after the list, to keep or untick", () => {
    expect(withChosen("urgency", MARKET_CHOICES.urgency, ["urgent", "emergency"]).map((c) => c.label)).toEqual([
      "Emergency (ASAP)",
      "Within 24 hours",
      "Within a week",
      "Flexible",
      "Urgent",
    ]);
    expect(withChosen("serviceType", MARKET_CHOICES.serviceType, [])).toEqual(MARKET_CHOICES.serviceType);
  });
});
