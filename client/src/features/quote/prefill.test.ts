import { describe, expect, it } from "vitest";
import { prefilledLocation } from "./prefill";

describe("prefilledLocation", () => {
  it("when serviceLocation or location is given, then the field is prefilled and the banner shows", () => {
    expect(prefilledLocation("?serviceLocation=Bondi%20NSW%202026")).toEqual({ text: "Bondi NSW 2026", banner: true });
    expect(prefilledLocation("location=Manly&suburb=Dee%20Why")).toEqual({ text: "Manly", banner: true });
  });

  it("when only suburb and postcode are given, then they prefill the field without the banner", () => {
    expect(prefilledLocation("suburb=Parramatta&postcode=2150")).toEqual({ text: "Parramatta 2150", banner: false });
    expect(prefilledLocation("postcode=2150")).toEqual({ text: "2150", banner: false });
  });

  it("when nothing usable is given, then the field starts blank without a banner", () => {
    expect(prefilledLocation("serviceLocation=%20%20")).toEqual({ text: "", banner: false });
    expect(prefilledLocation("")).toEqual({ text: "", banner: false });
  });
});
