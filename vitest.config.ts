// Three projects run as two groups (docs/decisions/041): first the unit and API files, two
// at a time, then the browser files three at a time, each in its own context of the run's one
// Chromium headless shell (docs/decisions/068); in each group the longest files start first (server/test/longest-first-sequencer.ts).
// The API and browser files share their worker's loaded modules (isolate: false): each still
// gets its own database (and app), and re-importing the whole server for every file cost more
// than many of their tests.
import path from "node:path";
import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./server/test/longest-first-sequencer";

const alias = {
  "@": path.resolve(import.meta.dirname, "client/src"),
  "@shared": path.resolve(import.meta.dirname, "shared"),
};

// A worker runs many files' apps and databases in one heap: a larger young generation means
// fewer scavenges of it (docs/decisions/069-cheaper-test-databases.md).
const WORKER_FLAGS = ["--max-semi-space-size=64"];

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", "./server/test/slowest-files-reporter.ts"],
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["shared/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          globalSetup: ["server/test/global-setup.ts"],
          isolate: false,
          maxWorkers: 2,
          execArgv: WORKER_FLAGS,
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Client units mock modules and globals (vi.mock, vi.stubGlobal): each file alone.
          name: "client",
          include: ["client/src/**/*.test.ts"],
          environment: "node",
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "browser",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["server/test/global-setup.ts", "e2e/global-setup.ts"],
          isolate: false,
          // Three: on Chromium's headless shell two files left the cores idle a third of the time
          // (docs/decisions/068); on the full browser a third lane had saturated them (055).
          maxWorkers: 3,
          execArgv: WORKER_FLAGS,
          sequence: { groupOrder: 1 },
          // A test's own limit, not the 30 s a file should take: on a machine whose cores run at
          // half the speed under load, a journey of 16 s took over 60 s beside two others, and
          // failed on the clock alone (docs/decisions/126-a-browser-tests-own-limit.md).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
