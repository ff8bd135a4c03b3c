import { describe, expect, it } from "vitest";
import { QUOTE_SERVICE_TYPES, QUOTE_URGENCIES } from "@shared/enums";
import { labelOf } from "@shared/labels";
import { SERVICE_CHOICES, URGENCY_CHOICES } from "./choices";

describe("the wizard's choices", () => {
  it("when a customer has an emergency, then the wizard offers Emergency once: as how urgent the work is, not also as a service", () => {
    const offered = [...SERVICE_CHOICES, ...URGENCY_CHOICES].filter((c) => /emergency/i.test(`${c.value} ${c.label}`));
    expect(offered.map((c) => c.label)).toEqual(["Emergency (ASAP)"]);
  });

  it("when the wizard offers a choice, then it is a value the API accepts, labelled as the electricians' cards label it", () => {
    for (const c of SERVICE_CHOICES) {
      expect(QUOTE_SERVICE_TYPES).toContain(c.value);
      expect(c.label).toBe(labelOf("serviceType", c.value));
    }
    expect(URGENCY_CHOICES.map((c) => c.value)).toEqual([...QUOTE_URGENCIES]);
    for (const c of URGENCY_CHOICES) expect(c.label).toBe(labelOf("urgency", c.value));
  });
});
