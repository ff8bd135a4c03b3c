// Prints the ten slowest test files after every run, and says which Node ran them
// (docs/decisions/041). A file over 30 s is a finding to fix: it is marked, not hidden. With
// UPDATE_TEST_TIMINGS=1, a full run also records every file of 3 s or more in
// server/test/file-timings.json, the order the longest-first sequencer runs them in.
import fs from "node:fs";
import type { Reporter, TestModule } from "vitest/node";
import { TIMINGS_FILE } from "./longest-first-sequencer";

const SLOW_FILE_MS = 30_000;
const RECORDED_FROM_MS = 3_000;

/** A file's own time: importing it, its hooks and its tests (not the wait for a worker). */
export const fileMs = (m: TestModule) => {
  const d = m.diagnostic();
  return d.collectDuration + d.setupDuration + d.duration;
};

export function slowestFilesReport(modules: ReadonlyArray<TestModule>, count = 10): string[] {
  const rows = [...modules].sort((a, b) => fileMs(b) - fileMs(a)).slice(0, count);
  return [
    `Slowest ${rows.length} test files (Node ${process.version}):`,
    ...rows.map((m) => {
      const ms = fileMs(m);
      return `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${m.project.name.padEnd(7)} ${m.relativeModuleId}${ms > SLOW_FILE_MS ? "  <- over 30 s" : ""}`;
    }),
  ];
}

/** The files of `RECORDED_FROM_MS` or more, longest first, in whole seconds. */
export function recordedTimingsOf(modules: ReadonlyArray<TestModule>): Record<string, number> {
  const long = [...modules].filter((m) => fileMs(m) >= RECORDED_FROM_MS).sort((a, b) => fileMs(b) - fileMs(a));
  return Object.fromEntries(long.map((m) => [m.relativeModuleId, Math.round(fileMs(m) / 1000)]));
}

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (modules.length <= 1) return;
    console.log(`\n${slowestFilesReport(modules).join("\n")}\n`);
    if (process.env.UPDATE_TEST_TIMINGS === "1") {
      fs.writeFileSync(TIMINGS_FILE, `${JSON.stringify(recordedTimingsOf(modules), null, 2)}\n`);
      console.log(`Recorded the files' times in ${TIMINGS_FILE}`);
    }
  }
}
