// Runs the longest test files first in each group, so no long file starts last and leaves one
// worker busy while the other idles (docs/decisions/041). A clean clone has no Vitest cache,
// so the expected times come from server/test/file-timings.json, written by a full run with
// UPDATE_TEST_TIMINGS=1 (server/test/slowest-files-reporter.ts); a file it does not name counts
// as short. Only the order changes: every file still runs.
import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

export const TIMINGS_FILE = path.resolve(import.meta.dirname, "file-timings.json");

/** Seconds each long file took in the last recorded full run, by path from the repository root. */
export function recordedTimings(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(TIMINGS_FILE, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const timings = recordedTimings();
    const root = this.ctx.config.root;
    const expected = (spec: TestSpecification) => timings[path.relative(root, spec.moduleId)] ?? 0;
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      return group !== 0 ? group : expected(b) - expected(a);
    });
  }
}
