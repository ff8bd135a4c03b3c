// The preview's simulation (docs/decisions/063-auto-buy-orders.md, "The preview"): which past leads
// an order would have bought, at what price, and the caps applied in time order.
import { describe, expect, it } from "vitest";
import { previewFigures, simulateOrder, type PastLead } from "./preview";

const at = (wall: string) => new Date(`${wall}:00+11:00`);
const now = at("2026-11-25T10:00");
const order = { maxPriceCents: 2000, maxPerDay: 2, maxPerWeekCents: 5000 };
const lead = (id: number, wall: string, startingPrice = "40.00", sale: PastLead["sale"] = null): PastLead => ({
  id,
  startingPrice,
  auctionStartedAt: at(wall),
  sale,
});

describe("simulateOrder", () => {
  it("when a lead falls through the maximum, then it is bought then, at the maximum; one starting below at its start price", () => {
    const bought = simulateOrder([lead(1, "2026-11-24T09:00"), lead(2, "2026-11-23T09:00", "12.50")], order, now);
    expect(bought.map((b) => [b.leadId, b.priceCents])).toEqual([
      [2, 1250],
      [1, 2000],
    ]);
    expect(bought[0]!.at).toEqual(at("2026-11-23T09:00"));
    // Half the hour, less the half cent's time: 40.00 rounds to 20.00 from 29:59.550.
    expect(bought[1]!.at.getTime() - at("2026-11-24T09:00").getTime()).toBe(1_799_550);
  });

  it("when a lead sold above the maximum before it got there, then it is not bought; sold after, or at a lower price, it is", () => {
    const early = { at: at("2026-11-24T09:10"), priceCents: 3333 };
    const late = { at: at("2026-11-24T12:40"), priceCents: 1333 };
    const cheapEarly = { at: at("2026-11-24T14:01"), priceCents: 0 };
    const bought = simulateOrder(
      [lead(1, "2026-11-24T09:00", "40.00", early), lead(2, "2026-11-24T12:00", "40.00", late), lead(3, "2026-11-24T14:00", "40.00", cheapEarly)],
      order,
      now,
    );
    expect(bought.map((b) => b.leadId)).toEqual([2, 3]);
  });

  it("when a lead has not reached the maximum yet, then it is not counted", () => {
    expect(simulateOrder([lead(1, "2026-11-25T09:45")], order, now)).toEqual([]);
  });

  it("when the caps are reached, then later leads of that Sydney day or Monday week are left, and the next day buys again", () => {
    const leads = [
      lead(1, "2026-11-16T09:00"), // Mon: 20.00
      lead(2, "2026-11-16T10:00"), // Mon: 20.00 (day full)
      lead(3, "2026-11-16T11:00"), // Mon: over 2 a day
      lead(4, "2026-11-17T09:00", "9.00"), // Tue: 9.00 (week 49.00)
      lead(5, "2026-11-17T10:00", "2.00"), // Tue: 51.00 > 50.00
      lead(6, "2026-11-17T11:00", "1.00"), // Tue: 50.00, exactly the cap
      lead(7, "2026-11-23T00:10"), // next Monday: a new week
    ];
    expect(simulateOrder(leads, order, now).map((b) => b.leadId)).toEqual([1, 2, 4, 6, 7]);
  });
});

describe("previewFigures", () => {
  it("when leads were bought, then their count and average to the cent; none gives 0.00", () => {
    const buy = (priceCents: number) => ({ leadId: priceCents, at: now, priceCents });
    expect(previewFigures([buy(2000), buy(1500), buy(1)])).toEqual({ leads: 3, averagePrice: "11.67" });
    expect(previewFigures([])).toEqual({ leads: 0, averagePrice: "0.00" });
  });
});
