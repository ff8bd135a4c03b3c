// The test record's shared rules (docs/decisions/103-test-records.md): dead tests before live ones,
// circuit names, and the whole record's checks named field by field.
import { describe, expect, it } from "vitest";
import { checkTestResults, checkText, saveTestRecordRequest, type CircuitResults, type TestResults } from "./test-records";

const circuit = (overrides: Partial<CircuitResults> = {}): CircuitResults => ({
  name: "Kitchen power",
  device: { curve: "C", ratingA: 20 },
  earthOhms: 0.2,
  insulationMegohms: 200,
  polarityCorrect: true,
  connectionsCorrect: true,
  faultLoopOhms: 0.6,
  faultLoopByConductor: false,
  ...overrides,
});
const results = (overrides: Partial<TestResults> = {}): TestResults => ({
  installation: { mainEarthOhms: 0.1 },
  circuits: [circuit()],
  rcds: [],
  ...overrides,
});
const errorsOf = (body: unknown) => {
  const parsed = saveTestRecordRequest.safeParse({ results: body, version: 0 });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("dead tests before live ones", () => {
  it("when a fault loop is entered on a circuit without its insulation reading, then the fault loop's field is refused, naming the missing dead test", () => {
    const errors = errorsOf(results({ circuits: [circuit({ insulationMegohms: null })] }));
    expect(Object.keys(errors)).toEqual(["results.circuits.0.faultLoopOhms"]);
    expect(errors["results.circuits.0.faultLoopOhms"]).toContain("insulation resistance missing (circuits.0.insulationMegohms)");
  });

  it("when an RCD's trip time is entered before a protected circuit's polarity, then the trip time is refused; with the dead tests done it is taken", () => {
    const rcd = { protects: ["Kitchen power"], ratedMa: 30 as const, tripMs: 25, tripMsFiveTimes: null };
    const errors = errorsOf(results({ circuits: [circuit({ polarityCorrect: null, faultLoopOhms: null })], rcds: [rcd] }));
    expect(Object.keys(errors)).toEqual(["results.rcds.0.tripMs"]);
    expect(errorsOf(results({ rcds: [rcd] }))).toEqual({});
  });

  it("when only the dead tests are entered, or the fault loop is verified by conductor, then nothing is refused", () => {
    expect(errorsOf(results({ circuits: [circuit({ faultLoopOhms: null })] }))).toEqual({});
    expect(errorsOf(results({ circuits: [circuit({ faultLoopOhms: null, faultLoopByConductor: true })] }))).toEqual({});
  });

  it("when two circuits share a name, or an RCD names a circuit not in the record, then each is refused by its field", () => {
    const errors = errorsOf(
      results({
        circuits: [circuit(), circuit({ name: "kitchen power " })],
        rcds: [{ protects: ["Garage"], ratedMa: 30, tripMs: null, tripMsFiveTimes: null }],
      }),
    );
    expect(Object.keys(errors).sort()).toEqual(["results.circuits.1.name", "results.rcds.0.protects.0"]);
  });

  it("when a reading is text or below 0, or the RCD is rated 20 mA, then it is a clear message for that field", () => {
    const errors = errorsOf({
      ...results(),
      circuits: [{ ...circuit(), earthOhms: "low" }],
      rcds: [{ protects: [], ratedMa: 20, tripMs: -1, tripMsFiveTimes: null }],
    });
    expect(errors).toMatchObject({
      "results.circuits.0.earthOhms": "Enter a number",
      "results.rcds.0.ratedMa": "Choose 10 or 30 mA",
      "results.rcds.0.tripMs": "A reading cannot be below 0",
    });
  });
});

describe("the record's checks", () => {
  it("when every value is within its limit, then every check passes, in the order the tests are done", () => {
    const checks = checkTestResults(results({ rcds: [{ protects: ["Kitchen power"], ratedMa: 30, tripMs: 22, tripMsFiveTimes: 12 }] }));
    expect(checks.map((c) => c.field)).toEqual([
      "installation.mainEarthOhms",
      "circuits.0.earthOhms",
      "circuits.0.insulationMegohms",
      "circuits.0.polarityCorrect",
      "circuits.0.connectionsCorrect",
      "circuits.0.faultLoopOhms",
      "rcds.0.protects",
      "rcds.0.tripMs",
      "rcds.0.tripMsFiveTimes",
    ]);
    expect(checks.every((c) => c.result === "pass")).toBe(true);
  });

  it("when insulation reads 0.4 MΩ and the main earth is blank, then those two are named with their limits", () => {
    const bad = checkTestResults(results({ installation: { mainEarthOhms: null }, circuits: [circuit({ insulationMegohms: 0.4 })] })).filter(
      (c) => c.result !== "pass",
    );
    expect(bad.map(checkText)).toEqual([
      "Main earthing conductor: continuity is missing (at most 0.5 Ω)",
      "Kitchen power: insulation resistance fails (at least 1 MΩ at 500 V d.c.)",
    ]);
  });
});
