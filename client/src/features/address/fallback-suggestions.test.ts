import { describe, expect, it } from "vitest";
import { builtInSuggestions, planSuggestions, suggestionsFromSuburbs } from "./fallback-suggestions";

describe("planSuggestions", () => {
  it("when the input has 2 characters or fewer, then nothing is suggested or fetched", () => {
    expect(planSuggestions("  pa ")).toEqual({ query: null, street: null, immediate: [] });
  });

  it("when the input is a locality name, then the server is asked for it", () => {
    expect(planSuggestions("Parra")).toEqual({ query: "Parra", street: null, immediate: [] });
  });

  it("when state, postcode and country are typed, then only the name is searched", () => {
    expect(planSuggestions("Parramatta NSW 2150, Australia").query).toBe(null);
    expect(planSuggestions("Parramatta NSW 2150").query).toBe("Parramatta");
  });

  it("when the input is a postcode, then the postcode is searched", () => {
    expect(planSuggestions("2150").query).toBe("2150");
  });

  it("when the input starts with a number, then Main Street and George Street suggestions come over the first localities, at most 6", () => {
    const plan = planSuggestions("12 ");
    expect(plan.query).toBeNull();
    expect(plan.immediate.map((s) => s.text)).toEqual([]); // "12" is too short
    const longer = planSuggestions("120");
    expect(longer.query).toBe("120"); // 3-4 digits read as a postcode prefix
    const street = planSuggestions("12a Smith St");
    expect(street.immediate.map((s) => s.text)).toEqual([
      "12a Smith St, Sydney NSW 2000",
      "12a Smith St, Melbourne VIC 3000",
      "12a Smith St, Brisbane QLD 4000",
      "12a Smith St, Perth WA 6000",
      "12a Smith St, Adelaide SA 5000",
    ]);
    const numberOnly = planSuggestions("12/4");
    expect(numberOnly.immediate.map((s) => s.text)).toEqual([
      "12/4 Main Street, Sydney NSW 2000",
      "12/4 George Street, Sydney NSW 2000",
      "12/4 Main Street, Melbourne VIC 3000",
      "12/4 George Street, Melbourne VIC 3000",
      "12/4 Main Street, Brisbane QLD 4000",
      "12/4 George Street, Brisbane QLD 4000",
    ]);
  });

  it("when a street and a comma are typed, then the locality after the comma is searched and the street kept", () => {
    expect(planSuggestions("12 Smith St, North Parra")).toEqual({ query: "North Parra", street: "12 Smith St", immediate: [] });
  });
});

describe("suggestionsFromSuburbs", () => {
  it("when the server returns more than 6, then 6 come back with coordinates and the street in front", () => {
    const suburbs = Array.from({ length: 10 }, (_, i) => ({ id: i, name: `Town ${i}`, postcode: "2000", state: "NSW", latitude: "-33.5", longitude: "151.1" }));
    const result = suggestionsFromSuburbs(suburbs, "1 Main St");
    expect(result).toHaveLength(6);
    expect(result[0]).toEqual({ id: "suburb-0", text: "1 Main St, Town 0 NSW 2000", lat: -33.5, lng: 151.1 });
  });
});

describe("builtInSuggestions", () => {
  it("when the text matches built-in localities, then those come back", () => {
    expect(builtInSuggestions("mel", null).map((s) => s.text)).toEqual(["Melbourne VIC 3000"]);
  });

  it("when nothing matches, then '{text} Street' variants over the first 5 localities", () => {
    expect(builtInSuggestions("ocean", null).map((s) => s.text)).toEqual([
      "Ocean Street, Sydney NSW 2000",
      "Ocean Street, Melbourne VIC 3000",
      "Ocean Street, Brisbane QLD 4000",
      "Ocean Street, Perth WA 6000",
      "Ocean Street, Adelaide SA 5000",
    ]);
  });
});
