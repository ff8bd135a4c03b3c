import { describe, expect, it } from "vitest";
import { builtInSuggestions, planSuggestions, suggestionsForPlan, suggestionsFromSuburbs } from "./fallback-suggestions";
import type { SuburbSuggestion } from "@shared/suburbs";

describe("planSuggestions", () => {
  it("when the input has 2 characters or fewer, then nothing is suggested or fetched", () => {
    expect(planSuggestions("  pa ")).toEqual({ queries: [], immediate: [] });
  });

  it("when the input is a locality name, then the server is asked for it", () => {
    expect(planSuggestions("Parra")).toEqual({ queries: [{ query: "Parra", street: null }], immediate: [] });
  });

  it("when state, postcode and country are typed, then only the name is searched", () => {
    expect(planSuggestions("Parramatta NSW 2150, Australia").queries).toEqual([]);
    expect(planSuggestions("Parramatta NSW 2150").queries).toEqual([{ query: "Parramatta", street: null }]);
  });

  it("when the input is a postcode, then the postcode is searched", () => {
    expect(planSuggestions("2150").queries).toEqual([{ query: "2150", street: null }]);
    expect(planSuggestions("120").queries).toEqual([{ query: "120", street: null }]); // a postcode prefix
  });

  it("when the input is only a street number, then Main Street and George Street over the first localities, at most 6, and no request", () => {
    expect(planSuggestions("12 ")).toEqual({ queries: [], immediate: [] }); // "12" is too short
    const plan = planSuggestions("12/4");
    expect(plan.queries).toEqual([]);
    expect(plan.immediate.map((s) => s.text)).toEqual([
      "12/4 Main Street, Sydney NSW 2000",
      "12/4 George Street, Sydney NSW 2000",
      "12/4 Main Street, Melbourne VIC 3000",
      "12/4 George Street, Melbourne VIC 3000",
      "12/4 Main Street, Brisbane QLD 4000",
      "12/4 George Street, Brisbane QLD 4000",
    ]);
  });

  it("when a street is followed by a suburb, then the last two words and the last word are searched, the street kept, no capital city invented", () => {
    expect(planSuggestions("12 Smith St Parramatta")).toEqual({
      queries: [
        { query: "St Parramatta", street: "12 Smith" },
        { query: "Parramatta", street: "12 Smith St" },
      ],
      immediate: [],
    });
    expect(planSuggestions("12a Smith St North Parra NSW").queries[0]).toEqual({ query: "North Parra", street: "12a Smith St" });
  });

  it("when the street is still being typed, then no suburb is searched and nothing is suggested", () => {
    expect(planSuggestions("12 Smith St")).toEqual({ queries: [], immediate: [] });
    expect(planSuggestions("12 Smith")).toEqual({ queries: [], immediate: [] });
  });

  it("when a street and a comma are typed, then the locality after the comma is searched and the street kept", () => {
    expect(planSuggestions("12 Smith St, North Parra")).toEqual({ queries: [{ query: "North Parra", street: "12 Smith St" }], immediate: [] });
  });
});

describe("suggestionsForPlan", () => {
  const suburb = (id: number, name: string, postcode: string): SuburbSuggestion => ({ id, name, postcode, state: "NSW", latitude: null, longitude: null });

  it("when the last two words name a suburb, then it wins over the last word's", () => {
    const plan = planSuggestions("12 Smith St North Parramatta");
    const texts = suggestionsForPlan(plan, [[suburb(1, "North Parramatta", "2151")], [suburb(2, "Parramatta", "2150")]]).map((s) => s.text);
    expect(texts).toEqual(["12 Smith St, North Parramatta NSW 2151"]);
  });

  it("when only the last word names a suburb, then the typed street goes in front of it", () => {
    const plan = planSuggestions("12 Smith St Parramatta");
    const texts = suggestionsForPlan(plan, [[], [suburb(2, "Parramatta", "2150")]]).map((s) => s.text);
    expect(texts).toEqual(["12 Smith St, Parramatta NSW 2150"]);
  });

  it("when the server cannot be reached, then the built-in locality named by the last word is used", () => {
    const plan = planSuggestions("12 Smith St Parramatta");
    expect(suggestionsForPlan(plan, [null, null]).map((s) => s.text)).toEqual(["12 Smith St, Parramatta NSW 2150"]);
  });

  it("when no suburb matches the typed street's last words, then nothing is suggested", () => {
    expect(suggestionsForPlan(planSuggestions("12 Smith St Nowhereville"), [[], []])).toEqual([]);
  });

  it("when the plan needs no request, then its immediate suggestions come back", () => {
    expect(suggestionsForPlan(planSuggestions("12/4"), [])).toHaveLength(6);
  });
});

describe("suggestionsFromSuburbs", () => {
  it("when the server returns more than 6, then 6 come back with coordinates, the suburb's row and the street in front", () => {
    const suburbs = Array.from({ length: 10 }, (_, i) => ({ id: i, name: `Town ${i}`, postcode: "2000", state: "NSW", latitude: "-33.5", longitude: "151.1" }));
    const result = suggestionsFromSuburbs(suburbs, "1 Main St");
    expect(result).toHaveLength(6);
    // The row's id lets a suburb-only field hand the pick's suburbId on (docs/decisions/065-auto-buy-screens.md).
    expect(result[0]).toEqual({ id: "suburb-0", suburbId: 0, text: "1 Main St, Town 0 NSW 2000", lat: -33.5, lng: 151.1 });
  });
});

describe("builtInSuggestions", () => {
  it("when a street is typed and no locality matches, then no made-up suburb is offered", () => {
    expect(builtInSuggestions("Nowhereville", "12 Smith St")).toEqual([]);
  });

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
