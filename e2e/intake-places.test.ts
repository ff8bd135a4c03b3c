// The address field with a Google Places key in Chromium (docs/decisions/007): Google's current
// Places API stood in for by a stub with its shapes, a rejected key falling back to the built-in
// suggestions, and a picked address the server places (the rest of intake: e2e/intake.test.ts and e2e/intake-submit.test.ts).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leads } from "../shared/schema";
import { DESKTOP, openPage } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { nextToYourInformation } from "./support/wizard";

const env = useServerAndBrowser({ GOOGLE_MAPS_API_KEY: "test-key-referrer-blocked" });

/**
 * Stands in for Google's Maps JavaScript API with the current Places API's shapes
 * (@types/google.maps: AutocompleteSuggestion.fetchAutocompleteSuggestions, PlacePrediction
 * .toPlace, Place.fetchFields with addressComponents, location and formattedAddress). Defined
 * before the app runs: @googlemaps/js-api-loader then uses this google.maps.importLibrary and
 * loads no script. Every call is recorded in window.__placesCalls.
 */
const PLACES_STUB = `(() => {
  const calls = (window.__placesCalls = []);
  let tokens = 0;
  class AutocompleteSessionToken { constructor() { this.n = ++tokens; } }
  class FormattableText {
    constructor(text) { this._text = text; }
    get text() { return this._text; }
    get matches() { return []; }
    toString() { return this._text; }
  }
  const PLACES = [
    {
      placeId: "ChIJ-smith-12",
      text: "12 Smith Street, North Parramatta NSW, Australia",
      formattedAddress: "12 Smith St, North Parramatta NSW 2151, Australia",
      location: [-33.7994, 151.0046],
      components: [
        ["12", "12", ["street_number"]],
        ["Smith Street", "Smith St", ["route"]],
        ["North Parramatta", "North Parramatta", ["locality", "political"]],
        ["New South Wales", "NSW", ["administrative_area_level_1", "political"]],
        ["Australia", "AU", ["country", "political"]],
        ["2151", "2151", ["postal_code"]],
      ],
    },
    {
      placeId: "ChIJ-smith-120",
      text: "120 Smith Street, Summer Hill NSW, Australia",
      formattedAddress: "120 Smith St, Summer Hill NSW 2130, Australia",
      location: [-33.89, 151.14],
      components: [["Summer Hill", "Summer Hill", ["locality"]], ["NSW", "NSW", ["administrative_area_level_1"]], ["2130", "2130", ["postal_code"]]],
    },
  ];
  class Place {
    constructor(data, token) { this._data = data; this._token = token; this.id = data.placeId; }
    async fetchFields({ fields }) {
      calls.push({ fields: [...fields], token: this._token });
      const d = this._data;
      this.formattedAddress = d.formattedAddress;
      this.addressComponents = d.components.map(([longText, shortText, types]) => ({ longText, shortText, types }));
      this.location = { lat: () => d.location[0], lng: () => d.location[1] };
      return { place: this };
    }
  }
  class PlacePrediction {
    constructor(data, token) { this._data = data; this._token = token; }
    get placeId() { return this._data.placeId; }
    get text() { return new FormattableText(this._data.text); }
    get mainText() { return new FormattableText(this._data.text.split(",")[0]); }
    get secondaryText() { return new FormattableText(this._data.text.split(",").slice(1).join(",").trim()); }
    get types() { return ["street_address"]; }
    get distanceMeters() { return null; }
    toPlace() { return new Place(this._data, this._token); }
  }
  class AutocompleteSuggestion {
    constructor(prediction) { this._prediction = prediction; }
    get placePrediction() { return this._prediction; }
    static async fetchAutocompleteSuggestions(request) {
      const token = request.sessionToken && request.sessionToken.n;
      calls.push({ input: request.input, includedRegionCodes: request.includedRegionCodes, hasSessionToken: request.sessionToken instanceof AutocompleteSessionToken, token });
      const q = request.input.toLowerCase();
      return { suggestions: PLACES.filter((p) => p.text.toLowerCase().startsWith(q)).map((p) => new AutocompleteSuggestion(new PlacePrediction(p, token))) };
    }
  }
  window.google = { maps: { importLibrary: async (name) => (name === "places" ? { AutocompleteSuggestion, AutocompleteSessionToken, Place } : {}) } };
})();`;

describe("address field with a Google Places key", () => {
  it("when Google rejects the key (gm_authFailure), then the dot turns orange and the built-in suggestions work", async () => {
    const { page } = await openPage(env.browser);
    await page.addInitScript(PLACES_STUB);
    await page.goto(env.server.url + "/");
    const status = page.locator("[data-suggestions]").first();
    await page.waitForFunction(() => document.querySelector("[data-suggestions]")?.getAttribute("data-suggestions") === "google");
    await page.evaluate(() => (window as unknown as { gm_authFailure: () => void }).gm_authFailure());
    await page.waitForFunction(() => document.querySelector("[data-suggestions]")?.getAttribute("data-suggestions") === "fallback");
    await expect(status.locator("span.bg-orange-500").count()).resolves.toBe(1);

    const field = page.getByLabel("Your address or suburb");
    await expect(field.isEnabled()).resolves.toBe(true);
    await expect(field.getAttribute("placeholder")).resolves.toBe("e.g. 12 Smith St, Parramatta");
    // A street without a comma: the suburb comes from its last word, not a capital city.
    await field.fill("12 Smith St Bondi");
    await page.getByRole("option", { name: "12 Smith St, Bondi NSW 2026" }).click();
    await expect(field.inputValue()).resolves.toBe("12 Smith St, Bondi NSW 2026");
    await expect(page.getByRole("option", { name: /Sydney NSW 2000/ }).count()).resolves.toBe(0);
  });

  it("when Google's current Places API answers, then its suggestions show in the field's list (green dot) and a pick gives the full address with suburb, state and postcode", async () => {
    const { page } = await openPage(env.browser, { viewport: DESKTOP });
    await page.addInitScript(PLACES_STUB);
    await page.goto(env.server.url + "/get-quote");
    await page.waitForFunction(() => document.querySelector("[data-suggestions]")?.getAttribute("data-suggestions") === "google");
    await expect(page.locator("[data-suggestions] span.bg-green-500").count()).resolves.toBe(1);
    const field = page.getByLabel("Service location");
    await field.pressSequentially("12 Smith", { delay: 20 });
    const option = page.getByRole("option", { name: "12 Smith Street, North Parramatta NSW" });
    await option.waitFor();
    await page.getByText("powered by Google").waitFor();
    await field.press("ArrowDown");
    await field.press("Enter");
    await expect.poll(() => field.inputValue()).toBe("12 Smith St, North Parramatta NSW 2151");
    await expect(page.getByRole("listbox").isVisible()).resolves.toBe(false);

    const calls = await page.evaluate(() => (window as unknown as { __placesCalls: Array<Record<string, unknown>> }).__placesCalls);
    const searches = calls.filter((c) => "input" in c);
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) expect(search).toMatchObject({ includedRegionCodes: ["au"], hasSessionToken: true });
    // One session for the typing, closed by the one details request of the pick.
    expect(new Set(searches.map((c) => c.token)).size).toBe(1);
    expect(calls.filter((c) => "fields" in c)).toEqual([{ fields: ["addressComponents", "location", "formattedAddress"], token: searches[0]!.token }]);

    // The picked address is one the server places: the rest of the wizard goes through.
    await page.getByLabel("Describe the electrical work").fill("Replace the old fuse box with a new switchboard and RCDs.");
    await nextToYourInformation(page);
    await page.getByLabel("Full name").fill("Grace Places");
    await page.getByLabel("Phone number").fill("(02) 9876 5432");
    await page.getByRole("button", { name: "Get Free Quote" }).click();
    await page.waitForURL(/\/quote-success\?ref=AE-\d{5,6}E$/);
    const [lead] = await env.server.db.select().from(leads).where(eq(leads.customerName, "Grace Places"));
    expect(lead).toMatchObject({ suburb: "North Parramatta", state: "NSW", postcode: "2151", serviceLocation: "12 Smith St, North Parramatta NSW 2151" });
  });
});
