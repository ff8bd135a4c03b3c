import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Lead } from "../../shared/schema";
import { maskPhone, scrubFreeText, toMarketLead } from "./redact";

const now = new Date("2026-11-21T10:00:00Z");

function lead(overrides: Partial<Lead>): Lead {
  return {
    id: 1, jobReference: "AE-12345E", customerId: null, customerName: "Karen Mitchell", customerPhone: "0411222333",
    customerEmail: "karen@example.com", customerAddress: "14 Church St, Parramatta NSW 2150", serviceType: "repair",
    electricalWork: "Switchboard upgrade", propertyType: "residential", urgency: "within_week", budgetRange: "unsure",
    hasExistingElectrician: false, serviceLocation: "14 Church St, Parramatta NSW 2150", timeframe: "this_week",
    preferredPickupDate: null, preferredDropoffDate: null, isFlexibleDates: true, specialRequests: null, inspectionType: null,
    leadScore: 5, status: "available", source: "quote_form", startingPrice: "40.00", currentPrice: "40.00", minimumPrice: "0.00",
    auctionDuration: 60, auctionStartedAt: now, lastPriceUpdate: null, suburbId: 1, suburb: "Parramatta", state: "NSW",
    postcode: "2150", latitude: null, longitude: null, isArchived: false, archivedAt: null, createdAt: now, updatedAt: now,
    expiresAt: null, ...overrides,
  };
}

describe("maskPhone", () => {
  it("keeps the first 2 and last 3 digits", () => {
    expect(maskPhone("0411 222 333")).toBe("04•••••333");
    expect(maskPhone("+61 411 222 333")).toBe("61••••••333");
  });
});

describe("toMarketLead", () => {
  it("when a provider looks, then only first name, masked phone and suburb show", () => {
    const shown = toMarketLead(lead({}), { userType: "provider" }, now);
    expect(shown).toMatchObject({
      customerName: "Karen",
      customerPhone: "04•••••333",
      customerEmail: null,
      customerAddress: null,
      location: "Parramatta NSW 2150",
      isRedacted: true,
      price: "40.00",
      secondsLeft: 3600,
    });
  });

  it("when the super admin looks, then everything shows", () => {
    const shown = toMarketLead(lead({}), { userType: "super_admin" }, now);
    expect(shown).toMatchObject({ customerName: "Karen Mitchell", customerPhone: "0411222333", customerEmail: "karen@example.com", isRedacted: false });
  });

  it("when the customer typed contact details into the description, then they are masked", () => {
    const text = scrubFreeText("Call Mrs Mitchell on 0411 222 333 or karen@example.com at 14 Church St, Parramatta NSW 2150", lead({}));
    expect(text).not.toMatch(/Mitchell|0411|karen@|14 Church/);
  });

  it("never leaks a generated name, phone, email or address to a non-admin (property)", () => {
    const word = fc.stringMatching(/^[A-Z][a-z]{3,9}$/);
    const enumWords = /^(repair|residential|within|week|unsure|this|switchboard|upgrade|parramatta)$/i;
    fc.assert(
      fc.property(
        word,
        word.filter((w) => !enumWords.test(w)),
        fc.stringMatching(/^04\d{8}$/),
        fc.emailAddress(),
        fc.tuple(fc.integer({ min: 1, max: 999 }), word).map(([n, street]) => `${n} ${street} Street`),
        fc.constantFrom("provider", "team_member", "customer") as fc.Arbitrary<"provider" | "team_member" | "customer">,
        fc.boolean(),
        (first, last, phone, email, address, userType, leakIntoText) => {
          fc.pre(first.toLowerCase() !== last.toLowerCase());
          const description = leakIntoText ? `Ring ${first} ${last} on ${phone}, ${email}, ${address}` : "Lights flicker";
          const shown = toMarketLead(
            lead({ customerName: `${first} ${last}`, customerPhone: phone, customerEmail: email, customerAddress: address, serviceLocation: address, electricalWork: description, specialRequests: description }),
            { userType },
            now,
          );
          const json = JSON.stringify(shown);
          expect(json).not.toMatch(new RegExp(`\\b${last}\\b`, "i"));
          expect(json).not.toContain(phone);
          expect(json).not.toContain(email);
          expect(json).not.toContain(address);
        },
      ),
      { numRuns: 300 },
    );
  });
});
