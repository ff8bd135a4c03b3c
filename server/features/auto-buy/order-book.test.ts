// Which orders take a lead, in memory (docs/decisions/064-auto-buy-engine.md): rules.ts
// orderTakesLead is the one rule (the filters and the area of orders-area.ts, as the preview
// applies them; the owner's licence; a usable card), and the engine's book of orders finds the
// same orders by a box around each area first, never one fewer.
import { describe, expect, it } from "vitest";
import { destinationPoint, distanceKm, roundedKm } from "../../../shared/geo";
import type { Lead } from "../../../shared/schema";
import type { OrderRow } from "./engine-repo";
import { createOrderBook } from "./order-book";
import { areaOfOrder, orderTakesLead } from "./rules";

const PARRAMATTA = { latitude: -33.8136, longitude: 151.0034 };
const NEWCASTLE = { latitude: -32.9283, longitude: 151.7817 };
const now = new Date("2026-11-23T01:00:00Z");

function order(values: Partial<OrderRow> = {}, owner: Partial<OrderRow["owner"]> = {}): OrderRow {
  return {
    id: 1,
    ownerId: 10,
    radiusKm: null,
    suburbId: null,
    suburbLatitude: null,
    suburbLongitude: null,
    serviceTypes: [],
    propertyTypes: [],
    urgencies: [],
    minLeadScore: 0,
    verifiedMobileOnly: false,
    maxPrice: "30.00",
    maxPerDay: 5,
    maxPerWeek: "500.00",
    pausedReason: null,
    pausedUntil: null,
    paymentMethodId: null,
    createdAt: now,
    updatedAt: now,
    stripeCustomerId: null,
    ...values,
    owner: {
      id: 10,
      username: "owner",
      firstName: null,
      lastName: null,
      email: null,
      phone: null,
      companyName: null,
      serviceLatitude: String(PARRAMATTA.latitude),
      serviceLongitude: String(PARRAMATTA.longitude),
      serviceRadius: 20,
      licenceExpiry: "2029-01-01",
      ...owner,
    },
  };
}

function lead(place: { latitude: number; longitude: number } = PARRAMATTA, values: Partial<Lead> = {}): Lead {
  return {
    id: 100,
    serviceType: "repair",
    propertyType: "residential",
    urgency: "emergency",
    leadScore: 60,
    phoneVerifiedAt: now,
    latitude: place.latitude.toFixed(8),
    longitude: place.longitude.toFixed(8),
    customerPhone: "0412345678",
    startingPrice: "40.00",
    auctionStartedAt: now,
    ...values,
  } as Lead;
}

describe("orderTakesLead", () => {
  it("when the order's filters, area, owner's licence and card all allow the lead, then it takes it; with any one of them against it, it does not", () => {
    expect(orderTakesLead(order(), lead(), "demo", now)).toBe(true);
    const against: Array<[string, OrderRow, Lead, "demo" | "stripe"]> = [
      ["another service type", order({ serviceTypes: ["installation"] }), lead(), "demo"],
      ["another property type", order({ propertyTypes: ["commercial"] }), lead(), "demo"],
      ["another urgency", order({ urgencies: ["flexible"] }), lead(), "demo"],
      ["a score under the minimum", order({ minLeadScore: 61 }), lead(), "demo"],
      ["a mobile not verified", order({ verifiedMobileOnly: true }), lead(PARRAMATTA, { phoneVerifiedAt: null }), "demo"],
      ["outside the owner's service area", order(), lead(NEWCASTLE), "demo"],
      ["a lead with no place", order(), lead(PARRAMATTA, { latitude: null, longitude: null }), "demo"],
      ["an owner with no service location", order({}, { serviceLatitude: null, serviceLongitude: null }), lead(), "demo"],
      ["a licence expired yesterday in Sydney", order({}, { licenceExpiry: "2026-11-22" }), lead(), "demo"],
      ["no saved card in Stripe mode", order(), lead(), "stripe"],
    ];
    for (const [name, o, l, mode] of against) expect(orderTakesLead(o, l, mode, now), name).toBe(false);
    // The lists take any one of their values; a saved card on the owner's customer pays in Stripe mode.
    expect(orderTakesLead(order({ serviceTypes: ["installation", "repair"], urgencies: ["emergency"] }), lead(), "demo", now)).toBe(true);
    expect(orderTakesLead(order({ paymentMethodId: "pm_1", stripeCustomerId: "cus_1" }), lead(), "stripe", now)).toBe(true);
  });

  it("when the order has a radius around a suburb, then that is its area whatever the owner's location; a radius alone is around the owner", () => {
    const aroundNewcastle = order({ suburbId: 7, suburbLatitude: String(NEWCASTLE.latitude), suburbLongitude: String(NEWCASTLE.longitude), radiusKm: 10 });
    expect(orderTakesLead(aroundNewcastle, lead(NEWCASTLE), "demo", now)).toBe(true);
    expect(orderTakesLead(aroundNewcastle, lead(PARRAMATTA), "demo", now)).toBe(false);
    const fiveKm = destinationPoint(PARRAMATTA, 5, 90);
    expect(orderTakesLead(order({ radiusKm: 4 }), lead(fiveKm), "demo", now)).toBe(false);
    expect(orderTakesLead(order({ radiusKm: 5 }), lead(fiveKm), "demo", now)).toBe(true);
    // A suburb whose place is unknown: no area, so nothing is bought (the preview's rule too).
    expect(areaOfOrder(order({ suburbId: 7, radiusKm: 10 }))).toBeNull();
  });

  it("when a lead lies exactly on the edge as the card rounds it, then it is in the area", () => {
    const edge = destinationPoint(PARRAMATTA, 20.04, 0);
    expect(roundedKm(distanceKm(PARRAMATTA, edge))).toBe(20);
    expect(orderTakesLead(order(), lead(edge), "demo", now)).toBe(true);
    expect(orderTakesLead(order(), lead(destinationPoint(PARRAMATTA, 20.06, 0)), "demo", now)).toBe(false);
  });
});

describe("the book of orders", () => {
  it("when orders all over are in the book, then the orders it finds for any lead are exactly those orderTakesLead takes", () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const book = createOrderBook();
    const all: OrderRow[] = [];
    for (let id = 1; id <= 400; id++) {
      const home = destinationPoint(PARRAMATTA, next() * 150, next() * 360);
      const o = order(
        { id, radiusKm: next() < 0.5 ? null : 1 + Math.floor(next() * 60), serviceTypes: next() < 0.3 ? ["installation"] : [] },
        { serviceLatitude: home.latitude.toFixed(8), serviceLongitude: home.longitude.toFixed(8), serviceRadius: 5 + Math.floor(next() * 40) },
      );
      all.push(o);
      book.put(o, true);
    }
    expect(book.size).toBe(400);
    for (let i = 0; i < 300; i++) {
      const l = lead(destinationPoint(PARRAMATTA, next() * 170, next() * 360));
      const expected = all.filter((o) => orderTakesLead(o, l, "demo", now)).map((o) => o.id);
      expect(
        book
          .ordersTaking(l, "demo", now)
          .map((o) => o.id)
          .sort((a, b) => a - b),
      ).toEqual(expected);
    }
  });

  it("when an order stops buying (deleted, paused, its owner no longer eligible) or loses its area, then the book drops it; put again buying, it is back", () => {
    const book = createOrderBook();
    book.put(order({ id: 1 }), true);
    book.put(order({ id: 2 }), true);
    expect(book.ordersTaking(lead(), "demo", now).map((o) => o.id)).toEqual([1, 2]);
    book.put(order({ id: 1 }), false);
    book.put(order({ id: 2 }, { serviceLatitude: null, serviceLongitude: null }), true);
    expect(book.size).toBe(0);
    expect(book.ordersTaking(lead(), "demo", now)).toEqual([]);
    book.put(order({ id: 1, maxPrice: "45.00" }), true);
    expect(book.ordersTaking(lead(), "demo", now).map((o) => o.maxPrice)).toEqual(["45.00"]);
  });
});
