// Three projects run as two groups (docs/decisions/041): first the unit and API files, two
// at a time, then the browser files two at a time, each in its own context of the run's one Chromium.
// The API files share their worker's loaded modules (isolate: false): each still gets its
// own database, and re-importing the whole server for every file cost more than its tests.
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname, "client/src"),
  "@shared": path.resolve(import.meta.dirname, "shared"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", "./server/test/slowest-files-reporter.ts"],
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
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
