// The card's typed test results (docs/decisions/103-test-records.md): readings as typed, and the
// record the server takes made from them.
import { describe, expect, it } from "vitest";
import { emptyCircuit, toDraft, toResults, typedReading, unreadable } from "./test-record-form";

describe("a reading as typed", () => {
  it("when '0.5', '0,5', '.5' or '12' is typed, then it is that number; blank is null; '0.5.1' or 'abc' is not a number", () => {
    expect([typedReading("0.5"), typedReading("0,5"), typedReading(".5"), typedReading(" 12 ")]).toEqual([0.5, 0.5, 0.5, 12]);
    expect(typedReading("")).toBeNull();
    expect(typedReading("0.5.1")).toBeNaN();
    expect(typedReading("abc")).toBeNaN();
  });
});

describe("the record made from the typing", () => {
  it("when a circuit is typed with a C20 and polarity yes, then the record carries numbers and booleans, and back again it reads the same", () => {
    const draft = {
      mainEarthOhms: "0.12",
      circuits: [{ ...emptyCircuit(), name: " Kitchen power ", curve: "C" as const, ratingA: "20", earthOhms: "0.2", polarityCorrect: "yes" as const }],
      rcds: [{ protects: ["Kitchen power", "Gone"], ratedMa: "30" as const, tripMs: "24", tripMsFiveTimes: "" }],
    };
    const results = toResults(draft);
    expect(results.circuits[0]).toMatchObject({
      name: "Kitchen power",
      device: { curve: "C", ratingA: 20 },
      earthOhms: 0.2,
      polarityCorrect: true,
      connectionsCorrect: null,
    });
    expect(results.rcds[0]).toEqual({ protects: ["Kitchen power"], ratedMa: 30, tripMs: 24, tripMsFiveTimes: null });
    expect(toResults(toDraft(results))).toEqual(results);
  });

  it("when a reading is not a number, then it is named by its field; verified by conductor drops a typed fault loop", () => {
    const results = toResults({
      mainEarthOhms: "x",
      circuits: [{ ...emptyCircuit(), name: "Lights", faultLoopOhms: "0.4", faultLoopByConductor: true, earthOhms: "1..2" }],
      rcds: [],
    });
    expect(unreadable(results)).toEqual(["installation.mainEarthOhms", "circuits.0.earthOhms"]);
    expect(results.circuits[0]!.faultLoopOhms).toBeNull();
  });
});
