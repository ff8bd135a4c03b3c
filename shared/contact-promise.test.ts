import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contactBy, isEmergencyLead, reminderAt } from "./contact-promise";
import { minuteOfDayIn, zoneOfState } from "./state-time";

const at = (iso: string) => new Date(iso);
const promise = (purchasedAt: string, state: string, promiseMinutes = 120, emergency = false) =>
  contactBy({ purchasedAt: at(purchasedAt), state, emergency, promiseMinutes }).toISOString();

describe("contactBy inside the 07:00-19:00 window of the lead's state", () => {
  it("when a Sydney sale is at 10:00, then the promise is 12:00 the same day", () => {
    // 2026-11-23 is daylight time in Sydney (UTC+11): 10:00 local is 23:00Z the day before.
    expect(promise("2026-11-22T23:00:00Z", "NSW")).toBe("2026-11-23T01:00:00.000Z");
  });
  it("when a Sydney sale is at 18:30, then the promise is 08:30 the next day", () => {
    expect(promise("2026-11-23T07:30:00Z", "NSW")).toBe("2026-11-23T21:30:00.000Z");
  });
  it("when a sale is at 19:00 exactly, then all of the promise falls the next morning", () => {
    expect(promise("2026-11-23T08:00:00Z", "NSW")).toBe("2026-11-23T22:00:00.000Z");
  });
  it("when a sale is at 02:00, then counting starts at 07:00 (09:00 promise)", () => {
    expect(promise("2026-11-23T15:00:00Z", "NSW")).toBe("2026-11-23T22:00:00.000Z");
  });
  it("when a sale at 17:00 ends exactly at 19:00, then the promise is 19:00, not the next day", () => {
    expect(promise("2026-11-23T06:00:00Z", "NSW")).toBe("2026-11-23T08:00:00.000Z");
  });
  it("when a Perth sale is at 18:30 Perth time, then the promise is 08:30 Perth time (UTC+8, no daylight saving)", () => {
    expect(promise("2026-11-23T10:30:00Z", "WA")).toBe("2026-11-24T00:30:00.000Z");
  });
  it("when the same instant is a Sydney sale, then it is past 19:00 there and the promise moves to the next morning", () => {
    // 10:30Z is 21:30 in Sydney: 09:00 next day Sydney = 22:00Z.
    expect(promise("2026-11-23T10:30:00Z", "NSW")).toBe("2026-11-23T22:00:00.000Z");
  });
  it("when an Adelaide sale is at 18:00 (UTC+10:30), then 60 minutes are left that day and 60 the next", () => {
    expect(promise("2026-11-23T07:30:00Z", "SA")).toBe("2026-11-23T21:30:00.000Z");
  });
  it("when daylight saving starts overnight (Sydney, 4 Oct 2026), then the next morning's 07:00 is on the new clock", () => {
    // 3 Oct 2026 18:30 AEST (UTC+10) = 08:30Z; 4 Oct 08:30 AEDT (UTC+11) = 3 Oct 21:30Z.
    expect(promise("2026-10-03T08:30:00Z", "NSW")).toBe("2026-10-03T21:30:00.000Z");
  });
  it("when an emergency lead is sold at 23:00, then the promise is 30 minutes later, night or not", () => {
    expect(promise("2026-11-23T12:00:00Z", "NSW", 120, true)).toBe("2026-11-23T12:30:00.000Z");
  });
  it("when the state is unknown, then Sydney's clock is used", () => {
    expect(promise("2026-11-23T07:30:00Z", "")).toBe(promise("2026-11-23T07:30:00Z", "NSW"));
  });
  it("when a promise is longer than a day's window, then it spans days", () => {
    // 720 minutes = one whole window: 10:00 Monday -> 10:00 Tuesday.
    expect(promise("2026-11-22T23:00:00Z", "NSW", 720)).toBe("2026-11-23T23:00:00.000Z");
  });
});

describe("contactBy properties", () => {
  const states = fc.constantFrom("NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT");
  const sale = fc.date({ min: new Date("2025-01-01T00:00:00Z"), max: new Date("2028-12-31T00:00:00Z"), noInvalidDate: true });
  const minutes = fc.integer({ min: 1, max: 1500 });

  it("an ordinary promise always falls inside 07:00-19:00 on the state's clock, after the sale", () => {
    fc.assert(
      fc.property(sale, states, minutes, (purchasedAt, state, promiseMinutes) => {
        const by = contactBy({ purchasedAt, state, emergency: false, promiseMinutes });
        const minute = minuteOfDayIn(zoneOfState(state), by);
        return by.getTime() > purchasedAt.getTime() && minute > 7 * 60 - 1e-9 && minute <= 19 * 60 + 1e-9;
      }),
    );
  });
  it("a promise never comes sooner than the minutes it counts, and a longer promise never ends earlier", () => {
    fc.assert(
      fc.property(sale, states, minutes, minutes, (purchasedAt, state, a, b) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        const first = contactBy({ purchasedAt, state, emergency: false, promiseMinutes: short }).getTime();
        const second = contactBy({ purchasedAt, state, emergency: false, promiseMinutes: long }).getTime();
        return first - purchasedAt.getTime() >= short * 60_000 && second >= first;
      }),
    );
  });
  it("a sale inside the window with room left is promised exactly the minutes later", () => {
    fc.assert(
      fc.property(sale, states, fc.integer({ min: 1, max: 60 }), (purchasedAt, state, promiseMinutes) => {
        const minute = minuteOfDayIn(zoneOfState(state), purchasedAt);
        fc.pre(minute >= 7 * 60 && minute + promiseMinutes <= 19 * 60 - 61);
        const by = contactBy({ purchasedAt, state, emergency: false, promiseMinutes });
        // A daylight-saving change happens at 02:00 or 03:00, outside the window.
        return by.getTime() - purchasedAt.getTime() === promiseMinutes * 60_000;
      }),
    );
  });
});

describe("emergencies and the reminder", () => {
  it("an emergency is either urgency or service type", () => {
    expect(isEmergencyLead({ urgency: "emergency", serviceType: "repair" })).toBe(true);
    expect(isEmergencyLead({ urgency: "within_week", serviceType: "emergency" })).toBe(true);
    expect(isEmergencyLead({ urgency: "within_24h", serviceType: "repair" })).toBe(false);
  });
  it("the reminder is 15 minutes before the promise, and never before the sale", () => {
    const purchasedAt = at("2026-11-22T23:00:00Z");
    expect(reminderAt({ purchasedAt, state: "NSW", emergency: false }).toISOString()).toBe("2026-11-23T00:45:00.000Z");
    expect(reminderAt({ purchasedAt, state: "NSW", emergency: false, promiseMinutes: 10 }).toISOString()).toBe(purchasedAt.toISOString());
  });
});
