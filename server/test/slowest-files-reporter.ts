// Prints the ten slowest test files after every run, and says which Node ran them
// (docs/decisions/041). A file over 30 s is a finding to fix: it is marked, not hidden. With
// UPDATE_TEST_TIMINGS=1, a full run also records every file of 3 s or more in
// server/test/file-timings.json, the order the longest-first sequencer runs them in (a file that
// did not run, such as a PostgreSQL-only one on PGlite, keeps the time it had; one that ran only
// in part keeps the longer of the two).
import fs from "node:fs";
import type { Reporter, TestModule } from "vitest/node";
import { recordedTimings, TIMINGS_FILE } from "./longest-first-sequencer";

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

/**
 * A file as the timings record it: its time, and whether its tests ran in this run: all of them,
 * only some (a file with a PostgreSQL-only block, on PGlite), or none.
 */
export interface FileTime {
  file: string;
  ms: number;
  ran: "all" | "some" | "none";
}

/**
 * The files of `RECORDED_FROM_MS` or more, longest first, in whole seconds. A file none of whose
 * tests ran (the PostgreSQL-only files on a PGlite run) keeps its `previous` time, and one that
 * skipped some keeps the longer of the two: recorded from an embedded run, the 15 s two-instance
 * files would otherwise count as short and start last on PostgreSQL.
 */
export function timingsToRecord(files: ReadonlyArray<FileTime>, previous: Record<string, number>): Record<string, number> {
  const seconds = new Map<string, number>();
  for (const { file, ms, ran } of files) {
    const now = ran === "none" ? 0 : ms >= RECORDED_FROM_MS ? Math.round(ms / 1000) : 0;
    const kept = ran === "all" ? 0 : (previous[file] ?? 0);
    if (Math.max(now, kept) > 0) seconds.set(file, Math.max(now, kept));
  }
  return Object.fromEntries([...seconds].sort((a, b) => b[1] - a[1]));
}

function testsRan(m: TestModule): FileTime["ran"] {
  const skipped = [...m.children.allTests("skipped")].length;
  return skipped === 0 ? "all" : skipped === [...m.children.allTests()].length ? "none" : "some";
}

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (modules.length <= 1) return;
    console.log(`\n${slowestFilesReport(modules).join("\n")}\n`);
    if (process.env.UPDATE_TEST_TIMINGS === "1") {
      const files = modules.map((m) => ({ file: m.relativeModuleId, ms: fileMs(m), ran: testsRan(m) }));
      fs.writeFileSync(TIMINGS_FILE, `${JSON.stringify(timingsToRecord(files, recordedTimings()), null, 2)}\n`);
      console.log(`Recorded the files' times in ${TIMINGS_FILE}`);
    }
  }
}
