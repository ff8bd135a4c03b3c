import { describe, expect, it } from "vitest";
import { contactBy } from "@shared/contact-promise";
import { promiseView } from "./contact-promise";

// 2026-11-23T23:30Z is 10:30 am on Tuesday 24 November in Sydney (daylight saving, +11).
const BY = "2026-11-23T23:30:00.000Z";
const at = (iso: string) => new Date(iso);
const row = (values: { contactBy?: string | null; firstContactAt?: string | null; salesStage?: string; state?: string | null } = {}) => ({
  salesStage: (values.salesStage ?? "purchased") as "purchased",
  contactBy: values.contactBy === undefined ? BY : values.contactBy,
  firstContactAt: values.firstContactAt ?? null,
  lead: { state: values.state === undefined ? "NSW" : values.state },
});

describe("the contact promise's countdown on the card", () => {
  it("when the promise is 1 h 12 min away, then it reads 'Call by 10:30 am · 1 h 12 min left', not red", () => {
    expect(promiseView(row(), at("2026-11-23T22:18:00Z"), "Australia/Sydney")).toEqual({
      due: "Call by 10:30 am",
      left: "1 h 12 min left",
      soon: false,
      missed: false,
    });
    // Part of a minute counts as a minute: never "0 min left" before the promise.
    expect(promiseView(row(), at("2026-11-23T23:29:59Z"))).toMatchObject({ left: "1 min left", soon: true, missed: false });
    expect(promiseView(row(), at("2026-11-23T23:15:00Z"))).toMatchObject({ left: "15 min left", soon: true });
    expect(promiseView(row(), at("2026-11-23T23:14:00Z"))).toMatchObject({ left: "16 min left", soon: false });
    expect(promiseView(row(), at("2026-11-23T21:30:00Z"))).toMatchObject({ left: "2 h left" });
  });

  it("when it is exactly the promised instant, then it is due now and not yet missed", () => {
    expect(promiseView(row(), at(BY))).toEqual({ due: "Call by 10:30 am", left: "Due now", soon: true, missed: false });
  });

  it("when the promise has passed with nothing logged, then it is missed (red) and says by how long", () => {
    expect(promiseView(row(), at("2026-11-23T23:30:00.001Z"))).toMatchObject({ left: "Missed just now", missed: true, soon: false });
    expect(promiseView(row(), at("2026-11-23T23:35:00Z"))).toMatchObject({ due: "Call by 10:30 am", left: "Missed 5 min ago", missed: true });
    expect(promiseView(row(), at("2026-11-24T00:35:30Z"))).toMatchObject({ left: "Missed 1 h 5 min ago", missed: true });
  });

  it("when the promise falls on another day or another state's clock, then the time says which", () => {
    // A Sydney sale at 6:30 pm with 120 minutes: 8:30 am the next day (decision 045).
    const sold = at("2026-11-24T07:30:00Z");
    const next = contactBy({ purchasedAt: sold, state: "NSW", emergency: false }).toISOString();
    expect(promiseView(row({ contactBy: next }), sold, "Australia/Sydney")!.due).toBe("Call by 8:30 am tomorrow");
    expect(promiseView(row({ contactBy: next }), at("2026-11-22T23:00:00Z"))!.due).toBe("Call by 8:30 am Wed 25 Nov");
    // 7 pm in Perth is 10 pm in Sydney: shown on Perth's clock, and said to be when the phone keeps another.
    const perth = row({ contactBy: "2026-11-24T11:00:00.000Z", state: "WA" });
    expect(promiseView(perth, at("2026-11-24T10:00:00Z"), "Australia/Sydney")!.due).toBe("Call by 7:00 pm WA time");
    expect(promiseView(perth, at("2026-11-24T10:00:00Z"), "Australia/Perth")!.due).toBe("Call by 7:00 pm");
    // No state (an old row): Sydney's clock.
    expect(promiseView(row({ state: null }), at("2026-11-23T22:00:00Z"), "Australia/Perth")!.due).toBe("Call by 10:30 am");
  });

  it("when contact was logged, the job moved on, or it is the provider's own job, then no promise shows", () => {
    const now = at("2026-11-23T23:35:00Z");
    expect(promiseView(row({ firstContactAt: "2026-11-23T23:10:00.000Z" }), now)).toBeNull();
    expect(promiseView(row({ salesStage: "called" }), now)).toBeNull();
    expect(promiseView(row({ salesStage: "declined" }), now)).toBeNull();
    expect(promiseView(row({ contactBy: null }), now)).toBeNull();
  });
});
