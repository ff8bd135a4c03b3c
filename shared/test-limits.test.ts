// The limits test results are checked against (docs/decisions/103-test-records.md), each value as it
// is typed: pass at the limit, fail past it, missing when blank, with the limit in words.
import { describe, expect, it } from "vitest";
import { checkCircuitEarth, checkFaultLoop, checkInsulation, checkMainEarth, checkPolarity, checkRcdTrip, maxFaultLoopOhms } from "./test-limits";

describe("the installation and each circuit's dead tests", () => {
  it("when the main earthing conductor reads 0.5 Ω, then it passes; 0.51 Ω fails; blank is missing; the limit says at most 0.5 Ω", () => {
    expect(checkMainEarth(0.5)).toEqual({ result: "pass", limit: "at most 0.5 Ω" });
    expect(checkMainEarth(0.51).result).toBe("fail");
    expect(checkMainEarth(null).result).toBe("missing");
  });

  it("when a circuit's earth reads 1 Ω, then it passes; 1.2 Ω fails", () => {
    expect(checkCircuitEarth(1).result).toBe("pass");
    expect(checkCircuitEarth(1.2)).toEqual({ result: "fail", limit: "at most 1 Ω" });
  });

  it("when insulation reads 1 MΩ, then it passes; 0.99 MΩ fails; the limit names 500 V d.c.", () => {
    expect(checkInsulation(1)).toEqual({ result: "pass", limit: "at least 1 MΩ at 500 V d.c." });
    expect(checkInsulation(0.99).result).toBe("fail");
    expect(checkInsulation(999).result).toBe("pass");
    expect(checkInsulation(null).result).toBe("missing");
  });

  it("when polarity is ticked wrong, then it fails; unanswered is missing", () => {
    expect(checkPolarity(true).result).toBe("pass");
    expect(checkPolarity(false).result).toBe("fail");
    expect(checkPolarity(null).result).toBe("missing");
  });
});

describe("fault-loop impedance against the protective device", () => {
  it("when the device is a C16, C20 or C32 breaker, then its maximum is 1.43, 1.15 and 0.71 Ω (230 V over ten times the rating, rounded down)", () => {
    expect(maxFaultLoopOhms({ curve: "C", ratingA: 16 })).toBe(1.43);
    expect(maxFaultLoopOhms({ curve: "C", ratingA: 20 })).toBe(1.15);
    expect(maxFaultLoopOhms({ curve: "C", ratingA: 32 })).toBe(0.71);
  });

  it("when the device is a B curve, then five times the rating trips it (B20 2.3 Ω); a D curve twenty times (D20 0.57 Ω)", () => {
    expect(maxFaultLoopOhms({ curve: "B", ratingA: 20 })).toBe(2.3);
    expect(maxFaultLoopOhms({ curve: "D", ratingA: 20 })).toBe(0.57);
  });

  it("when a C20 circuit reads 1.15 Ω, then it passes; 1.16 Ω fails; the limit names the device", () => {
    const c20 = { curve: "C" as const, ratingA: 20 };
    expect(checkFaultLoop({ device: c20, faultLoopOhms: 1.15, faultLoopByConductor: false })).toEqual({ result: "pass", limit: "at most 1.15 Ω (C20)" });
    expect(checkFaultLoop({ device: c20, faultLoopOhms: 1.16, faultLoopByConductor: false }).result).toBe("fail");
  });

  it("when no device is chosen, then a reading is missing its limit; verified by conductor passes with no reading", () => {
    expect(checkFaultLoop({ device: null, faultLoopOhms: 0.3, faultLoopByConductor: false }).result).toBe("missing");
    expect(checkFaultLoop({ device: null, faultLoopOhms: null, faultLoopByConductor: true })).toEqual({ result: "pass", limit: "verified by conductor" });
  });
});

describe("RCD trip times", () => {
  it("when a 30 mA RCD trips in 300 ms at rated current, then it passes; 301 ms fails", () => {
    expect(checkRcdTrip(30, 300, "rated")).toEqual({ result: "pass", limit: "at most 300 ms at 30 mA" });
    expect(checkRcdTrip(30, 301, "rated").result).toBe("fail");
  });

  it("when a 30 mA RCD trips in 41 ms at five times, then it fails (at most 40 ms)", () => {
    expect(checkRcdTrip(30, 41, "fiveTimes")).toEqual({ result: "fail", limit: "at most 40 ms at 5 × 30 mA" });
    expect(checkRcdTrip(30, 18, "fiveTimes").result).toBe("pass");
  });

  it("when a 10 mA RCD trips in 45 ms at rated current, then it fails (at most 40 ms); no rating is missing its limit", () => {
    expect(checkRcdTrip(10, 45, "rated").result).toBe("fail");
    expect(checkRcdTrip(null, 20, "rated").result).toBe("missing");
  });
});
