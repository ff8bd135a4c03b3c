// Prints the ten slowest test files after every run, and says which Node ran them
// (docs/decisions/041). A file over 30 s is a finding to fix: it is marked, not hidden.
import type { Reporter, TestModule } from "vitest/node";

const SLOW_FILE_MS = 30_000;

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

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (modules.length > 1) console.log(`\n${slowestFilesReport(modules).join("\n")}\n`);
  }
}
