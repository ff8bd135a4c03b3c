// The limits an electrician's test results are checked against (docs/decisions/103-test-records.md):
// each a setting with its source named in the note. One pure check per value, read by the server
// (which refuses to mark a record tested while a value fails or is missing) and by the card (which
// marks each value pass or fail as it is typed).

/** Circuit breaker curves the fault-loop table knows. */
export const DEVICE_CURVES = ["B", "C", "D"] as const;
export type DeviceCurve = (typeof DEVICE_CURVES)[number];
/** Circuit breaker ratings in amps the fault-loop table knows. */
export const DEVICE_RATINGS = [6, 10, 16, 20, 25, 32, 40, 50, 63] as const;
/** Rated residual currents in mA the RCD limits know: 10 mA (type I) and 30 mA (type II). */
export const RCD_RATINGS = [10, 30] as const;
export type RcdRating = (typeof RCD_RATINGS)[number];

export const TEST_LIMITS = {
  /** Main earthing conductor continuity, at most (AS/NZS 3019 4.7.1(a); AS/NZS 3000 section 8). */
  mainEarthMaxOhms: 0.5,
  /** A final subcircuit's protective earth continuity, at most: a setting, no single public figure (decision 103). */
  circuitEarthMaxOhms: 1,
  /** Insulation resistance, at least, tested at the voltage below (AS/NZS 3000:2018 8.3.6). */
  insulationMinMegohms: 1,
  insulationTestVolts: 500,
  /** RCD trip times, at most, at the rated residual current and at five times it (AS/NZS 3190, 3017). */
  rcdMaxMs: { 10: { rated: 40, fiveTimes: 40 }, 30: { rated: 300, fiveTimes: 40 } } satisfies Record<RcdRating, { rated: number; fiveTimes: number }>,
  /** Nominal voltage to earth the fault-loop maxima are worked at (AS/NZS 3000 Table 8.1: Zs = Uo / Ia). */
  faultLoopVolts: 230,
  /** The current that trips each curve's magnetic release at once, as multiples of its rating. */
  tripMultiples: { B: 5, C: 10, D: 20 } satisfies Record<DeviceCurve, number>,
} as const;

export interface ProtectiveDevice {
  curve: DeviceCurve;
  ratingA: number;
}

/**
 * The most fault-loop impedance a circuit behind `device` may have: Uo / (multiple × rating),
 * rounded down to 0.01 Ω so that a reading that passes is below the worked value.
 */
export function maxFaultLoopOhms(device: ProtectiveDevice): number {
  const ohms = TEST_LIMITS.faultLoopVolts / (TEST_LIMITS.tripMultiples[device.curve] * device.ratingA);
  return Math.floor(ohms * 100 + 1e-9) / 100;
}

export type CheckResult = "pass" | "fail" | "missing";
export interface ValueCheck {
  result: CheckResult;
  /** The limit in words: "at most 0.5 Ω". */
  limit: string;
}

/** "0.5", "1.15": a limit as people write it. */
const figure = (n: number) => String(Number(n.toFixed(2)));

const atMost = (value: number | null, max: number, unit: string): ValueCheck => ({
  result: value === null ? "missing" : value <= max ? "pass" : "fail",
  limit: `at most ${figure(max)} ${unit}`,
});

const yes = (value: boolean | null, words: string): ValueCheck => ({ result: value === null ? "missing" : value ? "pass" : "fail", limit: words });

export const checkMainEarth = (ohms: number | null) => atMost(ohms, TEST_LIMITS.mainEarthMaxOhms, "Ω");
export const checkCircuitEarth = (ohms: number | null) => atMost(ohms, TEST_LIMITS.circuitEarthMaxOhms, "Ω");

export function checkInsulation(megohms: number | null): ValueCheck {
  const min = TEST_LIMITS.insulationMinMegohms;
  return {
    result: megohms === null ? "missing" : megohms >= min ? "pass" : "fail",
    limit: `at least ${figure(min)} MΩ at ${TEST_LIMITS.insulationTestVolts} V d.c.`,
  };
}

export const checkPolarity = (correct: boolean | null) => yes(correct, "polarity correct");
export const checkConnections = (correct: boolean | null) => yes(correct, "circuit connections correct");

/**
 * A circuit's fault loop: its impedance within the maximum for its protective device, or
 * "verified by conductor" (its protective earth measured and the conductors sized instead).
 */
export function checkFaultLoop(circuit: { faultLoopOhms: number | null; faultLoopByConductor: boolean; device: ProtectiveDevice | null }): ValueCheck {
  if (circuit.faultLoopByConductor) return { result: "pass", limit: "verified by conductor" };
  if (!circuit.device) return { result: "missing", limit: "choose the circuit's protective device for its limit" };
  const check = atMost(circuit.faultLoopOhms, maxFaultLoopOhms(circuit.device), "Ω");
  return { ...check, limit: `${check.limit} (${circuit.device.curve}${circuit.device.ratingA})` };
}

/** An RCD's trip time at its rated residual current (`rated`) or at five times it (`fiveTimes`). */
export function checkRcdTrip(ratedMa: RcdRating | null, ms: number | null, at: "rated" | "fiveTimes"): ValueCheck {
  if (ratedMa === null) return { result: "missing", limit: "choose the RCD's rated mA for its limit" };
  const check = atMost(ms, TEST_LIMITS.rcdMaxMs[ratedMa][at], "ms");
  return { ...check, limit: `${check.limit} at ${at === "rated" ? "" : "5 × "}${ratedMa} mA` };
}
