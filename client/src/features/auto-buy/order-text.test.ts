import { describe, expect, it } from "vitest";
import type { AutoBuyOrder } from "@shared/auto-buy";
import { areaText, buysNowText, capBars, cardButtonText, cardText, filterLines, previewText, statusText, titleText } from "./order-text";

const order = (change: Partial<AutoBuyOrder> = {}): AutoBuyOrder => ({
  id: 1,
  radiusKm: 15,
  suburbId: 42,
  suburbLabel: "Parramatta NSW 2150",
  serviceTypes: ["repair", "upgrade"],
  propertyTypes: [],
  urgencies: ["emergency", "within_24h"],
  minLeadScore: 6,
  verifiedMobileOnly: true,
  maxPrice: "25.00",
  maxPerDay: 3,
  maxPerWeek: "200.00",
  pausedUntil: null,
  status: "active",
  pausedReason: null,
  spentToday: "48.20",
  boughtToday: 2,
  spentThisWeek: "48.20",
  card: { status: "demo", brand: null, last4: null },
  createdAt: "2026-11-20T00:00:00Z",
  updatedAt: "2026-11-20T00:00:00Z",
  ...change,
});
const home = { serviceLocation: "Parramatta NSW 2150", serviceRadius: 30 };

describe("an order's area in words", () => {
  it("when the order is around a suburb, around the base or on the service area, then each says where and how far", () => {
    expect(areaText(order(), home)).toBe("Within 15 km of Parramatta NSW 2150");
    expect(areaText(order({ suburbId: null, suburbLabel: null, radiusKm: 40 }), home)).toBe("Within 40 km of Parramatta NSW 2150");
    expect(areaText(order({ suburbId: null, suburbLabel: null, radiusKm: null }), home)).toBe("Your service area: within 30 km of Parramatta NSW 2150");
    expect(areaText(order({ suburbId: null, suburbLabel: null, radiusKm: null }), { serviceLocation: null, serviceRadius: null })).toBe(
      "Your service area (not set yet)",
    );
  });
});

describe("an order's filters in words", () => {
  it("when lists are set they read as labels; when empty they read 'Any'", () => {
    expect(Object.fromEntries(filterLines(order()))).toEqual({
      Jobs: "Repair, Upgrade",
      Properties: "Any property type",
      Urgency: "Emergency (ASAP), Within 24 hours",
      "Lead score": "6/10 or more",
      Mobile: "Verified mobiles only",
    });
    expect(Object.fromEntries(filterLines(order({ serviceTypes: [], urgencies: [], minLeadScore: 0, verifiedMobileOnly: false })))).toMatchObject({
      Jobs: "Any service type",
      Urgency: "Any urgency",
      "Lead score": "Any score",
      Mobile: "Verified or not",
    });
  });
});

describe("the caps against what was bought", () => {
  it("when 2 of 3 leads and $48.20 of $200 are used, then the bars say so and are that full", () => {
    const { today, week } = capBars(order());
    expect(today).toEqual({ text: "Today: 2 of 3 leads", fraction: 2 / 3, full: false });
    expect(week).toEqual({ text: "This week: $48.20 of $200.00", fraction: 0.241, full: false });
  });

  it("when a cap is reached (or a refund-free spend passed it), then the bar is full and no further", () => {
    const { today, week } = capBars(order({ boughtToday: 1, maxPerDay: 1, spentThisWeek: "1250.00", maxPerWeek: "1200.00" }));
    expect(today).toEqual({ text: "Today: 1 of 1 lead", fraction: 1, full: true });
    expect(week).toMatchObject({ text: "This week: $1,250.00 of $1,200.00", fraction: 1, full: true });
  });
});

describe("status, card, title and preview", () => {
  it("when paused, then the reason is in words, and a date pause shows the Sydney wall clock", () => {
    expect(statusText(order())).toBe("Active");
    expect(statusText(order({ status: "paused", pausedReason: "owner" }))).toBe("Paused");
    expect(statusText(order({ status: "paused", pausedReason: "card_declined" }))).toBe("Paused: the card was declined");
    expect(statusText(order({ status: "paused", pausedReason: "missed_promise" }))).toBe("Paused: a customer was not called in time");
    // 19:00 UTC on 23 Nov is 6:00 am on 24 Nov in Sydney (daylight time, UTC+11).
    expect(statusText(order({ status: "paused", pausedReason: "until_date", pausedUntil: "2026-11-23T19:00:00Z" }))).toBe("Paused until 24 Nov 2026, 6:00 am");
  });

  it("when the card is demo, needed or saved, then it says which", () => {
    expect(cardText({ status: "demo", brand: null, last4: null })).toBe("Demo mode: no card is charged");
    expect(cardText({ status: "needed", brand: null, last4: null })).toMatch(/^Needs a card/);
    expect(cardText({ status: "saved", brand: "visa", last4: "4242" })).toBe("Visa •••• 4242");
  });

  it("when no card is saved or the saved one was declined, then the card offers another; otherwise (demo, a good card) it does not", () => {
    const needed = { status: "needed", brand: null, last4: null } as const;
    const visa = { status: "saved", brand: "visa", last4: "4242" } as const;
    expect(cardButtonText(order({ card: needed }))).toBe("Add a card");
    expect(cardButtonText(order({ card: needed, status: "paused", pausedReason: "card_declined" }))).toBe("Add a card");
    expect(cardButtonText(order({ card: visa, status: "paused", pausedReason: "card_declined" }))).toBe("Use another card");
    expect(cardButtonText(order({ card: visa }))).toBeNull();
    expect(cardButtonText(order({ card: visa, status: "paused", pausedReason: "owner" }))).toBeNull();
    expect(cardButtonText(order({ status: "paused", pausedReason: "card_declined" }))).toBeNull();
  });

  it("when previewed, then the 30 days' count and average read as a sentence", () => {
    expect(titleText(order())).toBe("Up to $25.00 a lead");
    expect(previewText({ leads: 4, averagePrice: "23.1" })).toBe("In the last 30 days this order would have bought 4 leads, $23.10 on average.");
    expect(previewText({ leads: 1, averagePrice: "24.10" })).toBe("In the last 30 days this order would have bought 1 lead, $24.10 on average.");
    expect(previewText({ leads: 0, averagePrice: "0.00" })).toBe("In the last 30 days this order would have bought no leads.");
  });

  it("when saving would buy now, then the count and total read as the sentence before the leads", () => {
    const lead = { leadId: 1, title: "Upgrade in Parramatta", price: "39.20" };
    expect(buysNowText({ leads: [lead, { ...lead, leadId: 2 }], total: "78.4" }, "Saving")).toBe("Saving buys 2 leads now for $78.40 in all:");
    expect(buysNowText({ leads: [lead], total: "39.20" }, "Resuming")).toBe("Resuming buys 1 lead now for $39.20 in all:");
  });
});
