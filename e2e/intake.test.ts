// Lead intake journeys in Chromium (docs/decisions/007): home search, the whole wizard on a phone,
// per-step validation (the public pages' checks are in public-pages.test.ts).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents, leads } from "../shared/schema";
import { DESKTOP, openPage, PHONE } from "./support/browser";
import { useServerAndBrowser } from "./support/harness";
import { startServer } from "./support/server";
import { signInContext } from "./support/session";
import { lookAt } from "./support/look";

const env = useServerAndBrowser();

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

describe("home location search", () => {
  it("when a visitor searches a suburb from the home page, then the wizard opens prefilled with the banner", async () => {
    const { page } = await openPage(env.browser);
    await page.goto(env.server.url + "/");
    const field = page.getByLabel("Your address or suburb");
    const button = page.getByRole("button", { name: "Find Local Electricians" });
    await expect(button.isDisabled()).resolves.toBe(true);
    await field.fill("   ");
    await expect(button.isDisabled()).resolves.toBe(true);

    // Fallback suggestions (no Places key): orange mode, combobox with keyboard support.
    await expect(page.locator("[data-suggestions]").first().getAttribute("data-suggestions")).resolves.toBe("fallback");
    await field.fill("Bondi");
    await page.getByRole("option", { name: "Bondi NSW 2026" }).waitFor();
    await expect(field.getAttribute("aria-expanded")).resolves.toBe("true");
    await field.press("ArrowDown");
    await expect(field.getAttribute("aria-activedescendant")).resolves.toMatch(/-0$/);
    await field.press("Enter");
    await expect(field.inputValue()).resolves.toBe("Bondi NSW 2026");
    await expect(field.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("home-location");

    await button.click();
    await page.waitForURL(/\/get-quote\?serviceLocation=Bondi/);
    await page.getByText("Service location: Bondi NSW 2026").waitFor();
    await expect(page.getByLabel("Service location").inputValue()).resolves.toBe("Bondi NSW 2026");
  });

  it("when Escape is pressed in the suggestions, then the list closes", async () => {
    const { page } = await openPage(env.browser, { viewport: DESKTOP });
    await page.goto(env.server.url + "/get-quote?location=Manly");
    await page.getByText("Service location: Manly").waitFor();
    const field = page.getByLabel("Service location");
    await field.fill("Manl");
    await page.getByRole("option").first().waitFor();
    await field.press("Escape");
    await expect(page.getByRole("listbox").isVisible()).resolves.toBe(false);
  });
});

describe("address field with a Google Places key", () => {
  let keyed: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    keyed = await startServer({ GOOGLE_MAPS_API_KEY: "test-key-referrer-blocked" });
  });
  afterAll(() => keyed?.stop());

  it("when Google rejects the key (gm_authFailure), then the dot turns orange and the built-in suggestions work", async () => {
    const { page } = await openPage(env.browser);
    await page.addInitScript(PLACES_STUB);
    await page.goto(keyed.url + "/");
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
    await page.goto(keyed.url + "/get-quote");
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
    for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Full name").fill("Grace Places");
    await page.getByLabel("Phone number").fill("(02) 9876 5432");
    await page.getByRole("button", { name: "Get Free Quote" }).click();
    await page.waitForURL(/\/quote-success\?ref=AE-\d{5,6}E$/);
    const [lead] = await keyed.db.select().from(leads).where(eq(leads.customerName, "Grace Places"));
    expect(lead).toMatchObject({ suburb: "North Parramatta", state: "NSW", postcode: "2151", serviceLocation: "12 Smith St, North Parramatta NSW 2151" });
  });
});

describe("the quote wizard", () => {
  it("when a customer moves through the steps, then Back and Forward move between them, and a reload or a trip home keeps the answers", async () => {
    const { page } = await openPage(env.browser);
    await page.goto(env.server.url + "/");
    await page.goto(env.server.url + "/get-quote");
    await page.getByLabel("Service location").fill("Parramatta NSW 2150");
    await page.getByLabel("Describe the electrical work").fill("Two new power points in the garage.");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Step 2 of 4: Property & Budget Details").waitFor();
    await page.getByText("$1,000 - $2,500").click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Step 3 of 4: Scheduling & Urgency").waitFor();

    await page.goBack();
    await page.getByText("Step 2 of 4: Property & Budget Details").waitFor();
    await expect(page.getByLabel("$1,000 - $2,500").isChecked()).resolves.toBe(true);
    await page.goForward();
    await page.getByText("Step 3 of 4: Scheduling & Urgency").waitFor();
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByText("Step 2 of 4: Property & Budget Details").waitFor();

    await page.reload();
    await page.getByText("Step 2 of 4: Property & Budget Details").waitFor();
    await expect(page.getByLabel("$1,000 - $2,500").isChecked()).resolves.toBe(true);
    await page.goBack();
    await page.getByText("Step 1 of 4: Electrical Work Details").waitFor();
    await expect(page.getByLabel("Describe the electrical work").inputValue()).resolves.toBe("Two new power points in the garage.");
    await page.goBack();
    await page.waitForURL(env.server.url + "/");
    await page.goto(env.server.url + "/get-quote");
    await expect(page.getByLabel("Service location").inputValue()).resolves.toBe("Parramatta NSW 2150");
    await expect(page.getByLabel("Describe the electrical work").inputValue()).resolves.toBe("Two new power points in the garage.");
    const kept = await page.evaluate(() => localStorage.getItem("quote-draft"));
    expect(kept).toContain("garage");
  });

  it("when Next is pressed on an empty first step, then the step's messages show and the step stays", async () => {
    const { page } = await openPage(env.browser);
    await page.goto(env.server.url + "/get-quote");
    await expect(page.getByRole("button", { name: "Back" }).isDisabled()).resolves.toBe(true);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Service location is required").waitFor();
    await page.getByText("Please provide more details about the electrical work needed (minimum 10 characters)").waitFor();
    await expect(page.getByText("Step 1 of 4: Electrical Work Details").isVisible()).resolves.toBe(true);
  });

  it("when the location names no known suburb, then the wizard goes back to step 1 with the server's message under the field", async () => {
    // The 400 this test provokes.
    const { page } = await openPage(env.browser, { viewport: DESKTOP, provoked: [{ status: 400, path: "/api/leads" }] });
    await page.goto(env.server.url + "/get-quote");
    await page.getByLabel("Service location").fill("my house near the beach");
    await page.getByLabel("Describe the electrical work").fill("Outdoor lights on the deck, two new sensors.");
    for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Full name").fill("Bea Shore");
    await page.getByLabel("Phone number").fill("0412 555 111");
    await page.getByRole("button", { name: "Get Free Quote" }).click();
    await page.getByText("Step 1 of 4: Electrical Work Details").waitFor();
    await page.getByText("Please choose your suburb or postcode from the list").waitFor();
    await expect(page.getByLabel("Service location").getAttribute("aria-invalid")).resolves.toBe("true");
    expect(await env.server.db.select().from(leads).where(eq(leads.customerName, "Bea Shore"))).toEqual([]);
  });

  it("when a new customer completes all four steps and the code step on a phone, then they land on /quote-success, the lead is stored with its suburb and a watching provider sees 'Mobile verified'", async () => {
    // The wrong code this test types on purpose.
    const { page } = await openPage(env.browser, { viewport: PHONE, provoked: [{ status: 400, path: "/api/leads/verify-phone" }] });
    await page.goto(env.server.url + "/get-quote");
    await page.getByRole("heading", { name: "Get Your Free Electrical Services Quote" }).waitFor();

    // Step 1, using the built-in suggestions.
    const location = page.getByLabel("Service location");
    await location.pressSequentially("12 Smith St, North Parra", { delay: 20 });
    const option = page.getByRole("option", { name: "12 Smith St, North Parramatta NSW 2151" });
    await option.waitFor();
    await option.click();
    await expect(location.inputValue()).resolves.toBe("12 Smith St, North Parramatta NSW 2151");
    await page.getByLabel("Describe the electrical work").fill("Switchboard upgrade with RCD safety switches, 1960s house.");
    await page.getByText("Upgrade", { exact: true }).click();
    await page.getByText("I have specific dates").click();
    const start = page.getByLabel("Preferred start date");
    await expect(start.getAttribute("min")).resolves.toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByText("Specific dates may affect pricing.").waitFor();
    await page.getByText("I'm flexible").click();
    // The progress stays on screen at the top of a phone.
    const progress = await page.getByRole("progressbar", { name: "Quote progress" }).boundingBox();
    expect(progress!.y).toBeLessThan(200);
    await page.getByRole("button", { name: "Next" }).click();

    // Step 2.
    await page.getByText("Step 2 of 4: Property & Budget Details").waitFor();
    await page.getByText("$1,000 - $2,500").click();
    await page.getByText("Yes, but getting quotes for comparison").click();
    await page.getByRole("button", { name: "Next" }).click();

    // Step 3.
    await page.getByText("Step 3 of 4: Scheduling & Urgency").waitFor();
    await page.getByText("Within 24 hours", { exact: true }).click();
    await page.getByText("As soon as possible (within 2-3 days)").click();
    await page.getByRole("button", { name: "Next" }).click();

    // Step 4: a too-short phone first, then a real one; access notes apart from the public notes.
    await page.getByText("Step 4 of 4: Your Information").waitFor();
    await page.getByLabel("Full name").fill("Noah Fielding");
    await page.getByLabel("Phone number").fill("0412 345");
    await page.getByRole("button", { name: "Get Free Quote" }).click();
    await page.getByText("Phone number must be at least 10 digits").waitFor();
    await page.getByLabel("Phone number").fill("0412 345 678");
    await page.getByLabel("Additional notes (optional)").fill("Best after 3pm. Side gate code 4821.");
    await page.getByLabel("Access notes (optional)").fill("Gate code 4821, park on the street, friendly kelpie called Rusty");

    // A provider watches the market meanwhile (Dave works within 30 km of Parramatta).
    const provider = await openPage(env.browser, { viewport: PHONE });
    await signInContext(provider.context, env.server.url, "dave");
    await provider.page.goto(env.server.url + "/dashboard");
    await provider.page.getByText("Live Updates Active").waitFor();

    const answer = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/leads" && res.request().method() === "POST");
    await page.getByRole("button", { name: "Get Free Quote" }).click();
    const sent = (await (await answer).json()) as { jobReference: string; verification: string; devCode: string };
    expect(sent.devCode).toMatch(/^\d{6}$/);

    // The code step: the lead is on sale already, without the badge. The answers kept on the device are gone.
    await page.getByRole("heading", { name: "Confirm your mobile" }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem("quote-draft"))).resolves.toBeNull();
    await page.getByText("0412 345 678").waitFor();
    const card = provider.page.getByTestId("lead-card").filter({ hasText: sent.jobReference });
    await card.waitFor();
    await expect(card.getByText("Mobile verified").count()).resolves.toBe(0);
    await expect(card.textContent()).resolves.not.toMatch(/4821|Rusty/);
    await lookAt(page, { path: "/tmp/shots/e2e-quote-code-step-390.png", fullPage: true });

    // A wrong code says so and keeps the step; a resend gives a new code; the right one goes through.
    const wrong = sent.devCode === "000000" ? "111111" : "000000";
    await page.getByLabel("6-digit code").fill(wrong);
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("That code is not right. Check the SMS and try again. 4 tries left.").waitFor();
    const resent = page.waitForResponse((res) => res.url().endsWith("/api/leads/resend-code"));
    await page.getByRole("button", { name: "Send a new code" }).click();
    const { devCode } = (await (await resent).json()) as { devCode: string };
    await page.getByText("A new code is on its way. The old one no longer works.").waitFor();
    await page.getByLabel("6-digit code").fill(devCode);
    await page.getByRole("button", { name: "Confirm" }).click();

    await page.waitForURL(/\/quote-success\?ref=AE-\d{5,6}E&verified=1/);
    await page.getByRole("heading", { name: "Electrical Quote Submitted!" }).waitFor();
    await page.getByText("Mobile verified: electricians see your request is from a real customer.").waitFor();
    await page.getByRole("link", { name: "Get Another Quote" }).waitFor();

    // The watching provider's card gets its badge live (lead.updated), no reload.
    await card.getByText("Mobile verified").waitFor({ timeout: 3000 });
    await lookAt(provider.page, { path: "/tmp/shots/e2e-market-mobile-verified-390.png" });
    await provider.context.close();

    const [lead] = await env.server.db.select().from(leads).where(eq(leads.customerName, "Noah Fielding"));
    expect(lead).toMatchObject({
      serviceLocation: "12 Smith St, North Parramatta NSW 2151",
      suburb: "North Parramatta",
      state: "NSW",
      postcode: "2151",
      customerPhone: "0412345678",
      serviceType: "upgrade",
      budgetRange: "1000_2500",
      hasExistingElectrician: true,
      urgency: "within_24h",
      timeframe: "asap",
      isFlexibleDates: true,
      status: "available",
      specialRequests: "Best after 3pm. Side gate code 4821.",
      accessNotes: "Gate code 4821, park on the street, friendly kelpie called Rusty",
    });
    expect(lead!.phoneVerifiedAt).not.toBeNull();
    expect(new URL(page.url()).searchParams.get("ref")).toBe(lead!.jobReference);
    expect(Number(lead!.startingPrice)).toBeGreaterThanOrEqual(40);

    // The analytics event carries no personal data, only the description's length.
    await expect
      .poll(async () => (await env.server.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventType, "electrical_quote_form"))).length)
      .toBe(1);
    const [event] = await env.server.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventType, "electrical_quote_form"));
    expect(event!.eventData).toMatchObject({ serviceType: "upgrade", electricalWorkLength: 58 });
    expect(JSON.stringify(event!.eventData)).not.toMatch(/Noah|0412|Smith/);
  });

  it("when the server fails, then the error toast shows and the wizard keeps the answers", async () => {
    // The 500 this test fakes.
    const { page } = await openPage(env.browser, { viewport: DESKTOP, provoked: [{ status: 500, path: "/api/leads" }] });
    await page.route("**/api/leads", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Internal server error"}' }));
    await page.goto(env.server.url + "/get-quote?serviceLocation=Sydney%20NSW%202000");
    await page.getByLabel("Describe the electrical work").fill("Two new power points in the garage.");
    for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Full name").fill("Ivy Chen");
    await page.getByLabel("Phone number").fill("(02) 9876 5432");
    await page.getByRole("button", { name: "Get Free Quote" }).click();
    await page.getByText("Failed to submit electrical quote request. Please try again.").first().waitFor();
    expect(page.url()).toMatch(/\/get-quote/);
    await expect(page.getByLabel("Full name").inputValue()).resolves.toBe("Ivy Chen");
    await expect(page.getByRole("button", { name: "Get Free Quote" }).isEnabled()).resolves.toBe(true);
  });
});
