// The test record on a purchased job (docs/decisions/103-test-records.md): the installation's main
// earthing conductor, each circuit worked on and each RCD, tested dead before live (AS/NZS 3000
// 8.3.3, AS/NZS 3017). The wire's shapes and the rules the server and the card share.
import { z } from "zod";
import { isCalendarDay } from "./calendar-day";
import { recordIdParam } from "./ids";
import { PHOTO_ID_PATTERN } from "./photos";
import {
  checkCircuitEarth,
  checkConnections,
  checkFaultLoop,
  checkInsulation,
  checkMainEarth,
  checkPolarity,
  checkRcdTrip,
  DEVICE_CURVES,
  DEVICE_RATINGS,
  RCD_RATINGS,
  type CheckResult,
} from "./test-limits";

export const TEST_RECORD_RULES = {
  maxCircuits: 40,
  maxRcds: 20,
  nameMax: 60,
  reasonMax: 300,
  /** Meter photos per purchase's record, every version together (docs/decisions/106-meter-photos.md). */
  maxPhotos: 12,
  /** A meter photo's caption: "Kitchen power insulation". */
  captionMax: 80,
} as const;

export const TEST_RECORD_MESSAGES = {
  number: "Enter a number",
  negative: "A reading cannot be below 0",
  tooHigh: "That reading is too high to be real",
  circuitName: "Name the circuit, e.g. Kitchen power",
  sameName: "Two circuits have this name: name each one differently",
  unknownCircuit: "This RCD protects a circuit that is not in the record",
  device: "Choose a breaker curve B, C or D and a rating in amps",
  rcdRating: `Choose ${RCD_RATINGS.join(" or ")} mA`,
  version: "Send the record's version: reload the job and try again",
  stale: "Someone saved a newer version of this test record. Reload it and enter your changes again.",
  reasonNeeded: "Say why the tested record is being corrected",
  date: "Enter the date of the tests",
  time: "Enter a time as HH:MM",
  skipped: "That time does not exist on that day: the clocks go forward",
  future: "The tests cannot be later than now",
  noRecord: "Save the test results before marking them tested",
  alreadyTested: "This record is already marked tested: correct it to change it",
  noCircuits: "Add each circuit you worked on before marking the tests done",
  notPassing: "Some results fail or are missing",
  uploadId: "This photo is not available: a photo can be added once, within 24 hours of sending it. Add it again.",
  caption: `A caption is text, up to ${TEST_RECORD_RULES.captionMax} characters`,
  photosFull: `This record has ${TEST_RECORD_RULES.maxPhotos} meter photos already: no more can be added.`,
  photoKept: "This record has been marked tested: its meter photos are evidence and are kept.",
  noPhoto: "No such meter photo on this record",
} as const;

const reading = (max: number) =>
  z.number({ error: TEST_RECORD_MESSAGES.number }).min(0, TEST_RECORD_MESSAGES.negative).max(max, TEST_RECORD_MESSAGES.tooHigh).nullable();

const deviceInput = z.object(
  {
    curve: z.enum(DEVICE_CURVES, { error: TEST_RECORD_MESSAGES.device }),
    ratingA: z.number({ error: TEST_RECORD_MESSAGES.device }).refine((a) => (DEVICE_RATINGS as readonly number[]).includes(a), TEST_RECORD_MESSAGES.device),
  },
  { error: TEST_RECORD_MESSAGES.device },
);

const circuitName = z.string({ error: TEST_RECORD_MESSAGES.circuitName }).trim().min(1, TEST_RECORD_MESSAGES.circuitName).max(TEST_RECORD_RULES.nameMax);

/** One circuit worked on: its dead tests (earth, insulation, polarity, connections), then its live one (fault loop). */
export const circuitInput = z.object({
  name: circuitName,
  device: deviceInput.nullable(),
  earthOhms: reading(1000),
  insulationMegohms: reading(1_000_000),
  polarityCorrect: z.boolean().nullable(),
  connectionsCorrect: z.boolean().nullable(),
  faultLoopOhms: reading(1000),
  /** The alternative to a measured fault loop: verified by the protective earth's resistance and the conductors' sizes. */
  faultLoopByConductor: z.boolean(),
});
export type CircuitResults = z.infer<typeof circuitInput>;

/** One RCD: the circuits it protects (by name), its rating, and its trip times (live tests). */
export const rcdInput = z.object({
  protects: z.array(circuitName).max(TEST_RECORD_RULES.maxCircuits),
  ratedMa: z.union([z.literal(RCD_RATINGS[0]), z.literal(RCD_RATINGS[1])], { error: TEST_RECORD_MESSAGES.rcdRating }).nullable(),
  tripMs: reading(10_000),
  tripMsFiveTimes: reading(10_000),
});
export type RcdResults = z.infer<typeof rcdInput>;

export interface TestResults {
  installation: { mainEarthOhms: number | null };
  circuits: CircuitResults[];
  rcds: RcdResults[];
}

export const EMPTY_RESULTS: TestResults = { installation: { mainEarthOhms: null }, circuits: [], rcds: [] };

/** The dead tests a circuit still lacks, by field, in the order they are done. */
export function missingDeadTests(c: Pick<CircuitResults, "earthOhms" | "insulationMegohms" | "polarityCorrect" | "connectionsCorrect">) {
  const missing: { field: keyof CircuitResults; words: string }[] = [];
  if (c.earthOhms === null) missing.push({ field: "earthOhms", words: "earth continuity" });
  if (c.insulationMegohms === null) missing.push({ field: "insulationMegohms", words: "insulation resistance" });
  if (c.polarityCorrect === null) missing.push({ field: "polarityCorrect", words: "polarity" });
  if (c.connectionsCorrect === null) missing.push({ field: "connectionsCorrect", words: "circuit connections" });
  return missing;
}

export interface ResultsProblem {
  /** "circuits.0.faultLoopOhms" */
  field: string;
  message: string;
}

/**
 * Live results on a circuit whose dead tests are missing: a fault loop measured before the
 * circuit's dead tests, or an RCD's trip times before those of every circuit it protects. Also
 * names circuits twice and an RCD protecting a circuit not in the record.
 */
export function resultsProblems(results: TestResults): ResultsProblem[] {
  const problems: ResultsProblem[] = [];
  const seen = new Set<string>();
  results.circuits.forEach((c, i) => {
    const key = c.name.trim().toLowerCase();
    if (seen.has(key)) problems.push({ field: `circuits.${i}.name`, message: TEST_RECORD_MESSAGES.sameName });
    seen.add(key);
    const missing = missingDeadTests(c);
    if (c.faultLoopOhms !== null && missing.length > 0) {
      problems.push({
        field: `circuits.${i}.faultLoopOhms`,
        message: `${c.name}: record its dead tests before the fault loop: ${missing.map((m) => m.words).join(", ")} missing (circuits.${i}.${missing[0]!.field})`,
      });
    }
  });
  const byName = new Map(results.circuits.map((c) => [c.name.trim().toLowerCase(), c]));
  results.rcds.forEach((r, i) => {
    r.protects.forEach((name, j) => {
      if (!byName.has(name.trim().toLowerCase())) problems.push({ field: `rcds.${i}.protects.${j}`, message: TEST_RECORD_MESSAGES.unknownCircuit });
    });
    if (r.tripMs === null && r.tripMsFiveTimes === null) return;
    const untested = r.protects.filter((name) => {
      const c = byName.get(name.trim().toLowerCase());
      return c !== undefined && missingDeadTests(c).length > 0;
    });
    if (untested.length > 0) {
      problems.push({
        field: `rcds.${i}.${r.tripMs !== null ? "tripMs" : "tripMsFiveTimes"}`,
        message: `RCD ${i + 1}: record the dead tests of ${untested.join(", ")} before its trip times`,
      });
    }
  });
  return problems;
}

const testResultsShape = z.object({
  installation: z.object({ mainEarthOhms: reading(1000) }),
  circuits: z.array(circuitInput).max(TEST_RECORD_RULES.maxCircuits),
  rcds: z.array(rcdInput).max(TEST_RECORD_RULES.maxRcds),
});

/** The results as saved: each value a reading or null (not yet measured), live after dead. */
export const testResultsInput = testResultsShape.superRefine((results, ctx) => {
  for (const p of resultsProblems(results))
    ctx.addIssue({ code: "custom", path: p.field.split(".").map((k) => (/^\d+$/.test(k) ? Number(k) : k)), message: p.message });
});

const recordVersion = z
  .number({ error: (issue) => (issue.input === undefined ? TEST_RECORD_MESSAGES.version : "version must be a whole number") })
  .int("version must be a whole number")
  .min(0, "version must be a whole number");

/** PUT /api/lead-purchases/:id/test-record: version 0 starts the record; a tested record's correction needs a reason. */
export const saveTestRecordRequest = z.object({
  results: testResultsInput,
  version: recordVersion,
  reason: z.string().trim().max(TEST_RECORD_RULES.reasonMax).optional(),
});

/** POST /api/lead-purchases/:id/test-record/complete: when the tests were done, on the lead's state's clock. */
export const completeTestRecordRequest = z.object({
  version: recordVersion.min(1, TEST_RECORD_MESSAGES.noRecord),
  date: z.string({ error: TEST_RECORD_MESSAGES.date }).refine(isCalendarDay, TEST_RECORD_MESSAGES.date),
  time: z.string({ error: TEST_RECORD_MESSAGES.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, TEST_RECORD_MESSAGES.time),
});

export interface TestCheck {
  /** "circuits.0.insulationMegohms" */
  field: string;
  /** "Kitchen power: insulation resistance" */
  label: string;
  result: CheckResult;
  limit: string;
}

/** Every value of the record against its limit (shared/test-limits.ts), in the order the tests are done. */
export function checkTestResults(results: TestResults): TestCheck[] {
  const checks: TestCheck[] = [
    { field: "installation.mainEarthOhms", label: "Main earthing conductor: continuity", ...checkMainEarth(results.installation.mainEarthOhms) },
  ];
  results.circuits.forEach((c, i) => {
    const at = (field: keyof CircuitResults, what: string) => ({ field: `circuits.${i}.${field}`, label: `${c.name}: ${what}` });
    checks.push(
      { ...at("earthOhms", "earth continuity"), ...checkCircuitEarth(c.earthOhms) },
      { ...at("insulationMegohms", "insulation resistance"), ...checkInsulation(c.insulationMegohms) },
      { ...at("polarityCorrect", "polarity"), ...checkPolarity(c.polarityCorrect) },
      { ...at("connectionsCorrect", "circuit connections"), ...checkConnections(c.connectionsCorrect) },
      { ...at("faultLoopOhms", "fault-loop impedance"), ...checkFaultLoop(c) },
    );
  });
  results.rcds.forEach((r, i) => {
    const label = `RCD ${i + 1}${r.protects.length > 0 ? ` (${r.protects.join(", ")})` : ""}`;
    checks.push(
      {
        field: `rcds.${i}.protects`,
        label: `${label}: circuits protected`,
        result: r.protects.length > 0 ? "pass" : "missing",
        limit: "at least one circuit",
      },
      { field: `rcds.${i}.tripMs`, label: `${label}: trip time`, ...checkRcdTrip(r.ratedMa, r.tripMs, "rated") },
      { field: `rcds.${i}.tripMsFiveTimes`, label: `${label}: trip time at 5 ×`, ...checkRcdTrip(r.ratedMa, r.tripMsFiveTimes, "fiveTimes") },
    );
  });
  return checks;
}

/** "Kitchen power: insulation resistance fails (at least 1 MΩ at 500 V d.c.)". */
export const checkText = (c: TestCheck) => `${c.label} ${c.result === "fail" ? "fails" : "is missing"} (${c.limit})`;

export const testRecordVersionSchema = z.object({
  version: z.number().int(),
  status: z.enum(["draft", "tested", "superseded"]),
  results: testResultsShape,
  savedAt: z.string(),
  savedBy: z.string().nullable(),
  /** The instant the tests were done (ISO), and as the lead's state's clock shows it. */
  testedAt: z.string().nullable(),
  testedText: z.string().nullable(),
  testedBy: z.string().nullable(),
  /** Why this version corrected a tested one. */
  correctionReason: z.string().nullable(),
  supersededAt: z.string().nullable(),
});
export type TestRecordVersion = z.infer<typeof testRecordVersionSchema>;

/** POST /api/lead-purchases/:id/test-record/photos: an upload from POST /api/uploads, used once, within 24 hours. */
export const addMeterPhotoRequest = z.object({
  uploadId: z.string({ error: TEST_RECORD_MESSAGES.uploadId }).regex(PHOTO_ID_PATTERN, TEST_RECORD_MESSAGES.uploadId),
  caption: z
    .string({ error: TEST_RECORD_MESSAGES.caption })
    .trim()
    .max(TEST_RECORD_RULES.captionMax, TEST_RECORD_MESSAGES.caption)
    .nullish()
    .transform((c) => c || null),
});

/** A meter photo is served as the buyer's side sees the card's photos: the thumbnail and the full photo, never a blurred one. */
export const METER_PHOTO_VARIANTS = ["thumbnail", "full"] as const;

export const meterPhotoParams = recordIdParam.extend({ photoId: z.string().max(100) });
export const meterPhotoVariantParams = meterPhotoParams.extend({
  variant: z.enum(METER_PHOTO_VARIANTS, { error: "variant must be thumbnail or full" }),
});

export const meterPhotoPaths = {
  photo: (purchaseId: number, photoId: string, variant: (typeof METER_PHOTO_VARIANTS)[number]) =>
    `/api/lead-purchases/${purchaseId}/test-record/photos/${photoId}/${variant}`,
} as const;

export const meterPhotoSchema = z.object({
  id: z.string(),
  caption: z.string().nullable(),
  /** The full photo, and its 400 px thumbnail: both under the buyer's session. */
  url: z.string(),
  thumbUrl: z.string(),
  addedAt: z.string(),
  addedBy: z.string().nullable(),
});
export type MeterPhoto = z.infer<typeof meterPhotoSchema>;

/**
 * A meter photo may be removed only until a version of the record is first marked tested: the
 * versions share the purchase's photos, so from then on each photo may be part of what a tested
 * version stands on (docs/decisions/106-meter-photos.md). `statuses`: every version's, the
 * superseded included.
 */
export const meterPhotosRemovable = (statuses: readonly TestRecordVersion["status"][]) => statuses.every((s) => s === "draft");

/** GET /api/lead-purchases/:id/test-record */
export const testRecordViewSchema = z.object({
  state: z.string().nullable(),
  /** The record as it stands, or null before anything is saved. */
  current: testRecordVersionSchema.nullable(),
  /** The current record's values against their limits. */
  checks: z.array(z.object({ field: z.string(), label: z.string(), result: z.enum(["pass", "fail", "missing"]), limit: z.string() })) as z.ZodType<TestCheck[]>,
  /** Every earlier version, newest first: superseded, never deleted. */
  history: z.array(testRecordVersionSchema),
  /** Photos of the meter's readings, the purchase's across every version, oldest first. */
  photos: z.array(meterPhotoSchema),
});
export type TestRecordView = z.infer<typeof testRecordViewSchema>;
