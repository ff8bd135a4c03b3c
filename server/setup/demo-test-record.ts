// The demo's test record (docs/decisions/103-test-records.md): Karen's switchboard job, paid,
// was tested before it was used: the main earth, two circuits and the RCD that protects them, each
// value within its limit, marked tested the day the work was done.
import { testRecords } from "../../shared/schema";
import { checkTestResults, type TestResults } from "../../shared/test-records";
import type { Db } from "../platform/db/client";

export const DEMO_TEST_RESULTS: TestResults = {
  installation: { mainEarthOhms: 0.12 },
  circuits: [
    {
      name: "Power, kitchen and laundry",
      device: { curve: "C", ratingA: 20 },
      earthOhms: 0.21,
      insulationMegohms: 300,
      polarityCorrect: true,
      connectionsCorrect: true,
      faultLoopOhms: 0.64,
      faultLoopByConductor: false,
    },
    {
      name: "Lights",
      device: { curve: "C", ratingA: 10 },
      earthOhms: 0.35,
      insulationMegohms: 250,
      polarityCorrect: true,
      connectionsCorrect: true,
      faultLoopOhms: 1.2,
      faultLoopByConductor: false,
    },
  ],
  rcds: [{ protects: ["Power, kitchen and laundry", "Lights"], ratedMa: 30, tripMs: 24, tripMsFiveTimes: 11 }],
};

export async function seedDemoTestRecord(tx: Db, input: { purchaseId: number; testedBy: number; testedAt: Date }) {
  const failing = checkTestResults(DEMO_TEST_RESULTS).filter((c) => c.result !== "pass");
  if (failing.length > 0) throw new Error(`demo test record: ${failing.map((c) => c.field).join(", ")} would not pass`);
  await tx.insert(testRecords).values({
    purchaseId: input.purchaseId,
    version: 2,
    status: "tested",
    results: DEMO_TEST_RESULTS,
    savedBy: input.testedBy,
    testedAt: input.testedAt,
    testedBy: input.testedBy,
    createdAt: input.testedAt,
    updatedAt: input.testedAt,
  });
}
