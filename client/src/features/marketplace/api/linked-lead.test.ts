import { describe, expect, it } from "vitest";
import { linkedLeadId, searchWithoutLead } from "./linked-lead";

describe("a link to one lead (/dashboard?lead=<id>)", () => {
  it("when the id is a record id, then it is read; anything else is no link", () => {
    expect(linkedLeadId("?lead=42&scope=all")).toBe(42);
    for (const search of ["", "?lead=", "?lead=abc", "?lead=-3", "?lead=0", "?lead=1e3", "?lead=99999999999"]) expect(linkedLeadId(search)).toBeNull();
  });

  it("when the link is done with, then the market filters stay in the address", () => {
    expect(searchWithoutLead("?scope=all&lead=42&serviceType=repair,upgrade&sort=cheapest")).toBe("scope=all&serviceType=repair,upgrade&sort=cheapest");
    expect(searchWithoutLead("?lead=42")).toBe("");
  });
});
