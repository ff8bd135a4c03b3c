// The card's "Test results" as typed (docs/decisions/103-test-records.md): every reading is the
// text in its input until saved, so "0." on the way to "0.5" is kept as typed; the record the
// server takes is made from it, and the marks shown come from the same shared checks it applies.
import type { DeviceCurve, RcdRating } from "@shared/test-limits";
import type { CircuitResults, RcdResults, TestResults } from "@shared/test-records";

export type YesNo = "" | "yes" | "no";

export interface CircuitDraft {
  name: string;
  curve: "" | DeviceCurve;
  ratingA: string;
  earthOhms: string;
  insulationMegohms: string;
  polarityCorrect: YesNo;
  connectionsCorrect: YesNo;
  faultLoopOhms: string;
  faultLoopByConductor: boolean;
}

export interface RcdDraft {
  protects: string[];
  ratedMa: "" | `${RcdRating}`;
  tripMs: string;
  tripMsFiveTimes: string;
}

export interface TestResultsDraft {
  mainEarthOhms: string;
  circuits: CircuitDraft[];
  rcds: RcdDraft[];
}

export const emptyCircuit = (): CircuitDraft => ({
  name: "",
  curve: "",
  ratingA: "",
  earthOhms: "",
  insulationMegohms: "",
  polarityCorrect: "",
  connectionsCorrect: "",
  faultLoopOhms: "",
  faultLoopByConductor: false,
});
export const emptyRcd = (): RcdDraft => ({ protects: [], ratedMa: "30", tripMs: "", tripMsFiveTimes: "" });

/**
 * A typed reading: null when blank, NaN when it is not a number (a comma for the decimal point
 * is taken, as some phones' keypads offer it).
 */
export function typedReading(text: string): number | null {
  const plain = text.trim().replace(",", ".");
  if (plain === "") return null;
  return /^\d*\.?\d*$/.test(plain) && plain !== "." ? Number(plain) : Number.NaN;
}

const yesNo = (v: boolean | null): YesNo => (v === null ? "" : v ? "yes" : "no");
const fromYesNo = (v: YesNo) => (v === "" ? null : v === "yes");
const text = (n: number | null) => (n === null ? "" : String(n));

export function toDraft(results: TestResults): TestResultsDraft {
  return {
    mainEarthOhms: text(results.installation.mainEarthOhms),
    circuits: results.circuits.map((c) => ({
      name: c.name,
      curve: c.device?.curve ?? "",
      ratingA: c.device ? String(c.device.ratingA) : "",
      earthOhms: text(c.earthOhms),
      insulationMegohms: text(c.insulationMegohms),
      polarityCorrect: yesNo(c.polarityCorrect),
      connectionsCorrect: yesNo(c.connectionsCorrect),
      faultLoopOhms: text(c.faultLoopOhms),
      faultLoopByConductor: c.faultLoopByConductor,
    })),
    rcds: results.rcds.map((r) => ({
      protects: r.protects,
      ratedMa: r.ratedMa === null ? "" : `${r.ratedMa}`,
      tripMs: text(r.tripMs),
      tripMsFiveTimes: text(r.tripMsFiveTimes),
    })),
  };
}

/** The record the server takes; a reading that is not a number stays NaN, and `unreadable` names it. */
export function toResults(draft: TestResultsDraft): TestResults {
  const circuits: CircuitResults[] = draft.circuits.map((c) => ({
    name: c.name.trim(),
    device: c.curve && c.ratingA ? { curve: c.curve, ratingA: Number(c.ratingA) } : null,
    earthOhms: typedReading(c.earthOhms),
    insulationMegohms: typedReading(c.insulationMegohms),
    polarityCorrect: fromYesNo(c.polarityCorrect),
    connectionsCorrect: fromYesNo(c.connectionsCorrect),
    faultLoopOhms: c.faultLoopByConductor ? null : typedReading(c.faultLoopOhms),
    faultLoopByConductor: c.faultLoopByConductor,
  }));
  const rcds: RcdResults[] = draft.rcds.map((r) => ({
    protects: r.protects.filter((name) => circuits.some((c) => c.name === name)),
    ratedMa: r.ratedMa === "" ? null : (Number(r.ratedMa) as RcdRating),
    tripMs: typedReading(r.tripMs),
    tripMsFiveTimes: typedReading(r.tripMsFiveTimes),
  }));
  return { installation: { mainEarthOhms: typedReading(draft.mainEarthOhms) }, circuits, rcds };
}

/** Readings typed that are not numbers, by the field the server would name. */
export function unreadable(results: TestResults): string[] {
  const bad: string[] = [];
  const check = (field: string, n: number | null) => n !== null && Number.isNaN(n) && bad.push(field);
  check("installation.mainEarthOhms", results.installation.mainEarthOhms);
  results.circuits.forEach((c, i) => {
    for (const f of ["earthOhms", "insulationMegohms", "faultLoopOhms"] as const) check(`circuits.${i}.${f}`, c[f]);
  });
  results.rcds.forEach((r, i) => {
    for (const f of ["tripMs", "tripMsFiveTimes"] as const) check(`rcds.${i}.${f}`, r[f]);
  });
  return bad;
}
