import { describe, expect, it } from "vitest";
import { regionOfPlace } from "./region";

describe("an electrician's region (ABS SA4)", () => {
  it("when two suburbs share a postcode's area, then they share a region; another state's namesake does not", () => {
    expect(regionOfPlace({ name: "Parramatta", postcode: "2150", state: "NSW" })).toEqual({ code: "125", name: "Sydney - Parramatta" });
    expect(regionOfPlace({ name: "Harris Park", postcode: "2150", state: "NSW" })?.code).toBe("125");
    expect(regionOfPlace({ name: "Richmond", postcode: "3121", state: "VIC" })?.name).toBe("Melbourne - Inner");
  });

  it("when a postcode spans two areas, then the locality decides, and the rest of the postcode keeps the usual one", () => {
    expect(regionOfPlace({ name: "Wattamolla", postcode: "2232", state: "NSW" })?.name).toBe("Southern Highlands and Shoalhaven");
    expect(regionOfPlace({ name: "Sutherland", postcode: "2232", state: "NSW" })?.name).toBe("Sydney - Sutherland");
  });

  it("when the postcode is not an Australian one, then there is no region", () => {
    expect(regionOfPlace({ name: "Nowhere", postcode: "0000", state: "NSW" })).toBeNull();
  });
});
