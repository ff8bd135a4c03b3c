// The linter keeps the server's tiers (docs/decisions/089-server-tiers.md): each import below is
// linted as if a file at that path held it, with the repository's own ESLint configuration. A
// wrong import is refused with the tier rule's message; an allowed one passes.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

/** The boundary messages ESLint gives `code` placed at `filePath`. */
async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [probe];\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

describe("the server's tiers, as the linter keeps them", () => {
  it.each([
    [
      "a feature importing another feature",
      "server/features/jobs/probe.ts",
      'import { marketplaceRoutes as probe } from "../marketplace/routes";',
      "Features do not import each other",
    ],
    [
      "a feature importing another feature's door",
      "server/features/jobs/probe.ts",
      'import { marketplaceRoutes as probe } from "../marketplace";',
      "Features do not import each other",
    ],
    [
      "a feature reaching inside a core module",
      "server/features/jobs/probe.ts",
      'import { photoIdsByLead as probe } from "../../core/photos/service";',
      "through its index.ts",
    ],
    [
      "a feature importing the composition tier",
      "server/features/jobs/probe.ts",
      'import { createApp as probe } from "../../app";',
      "Features do not import the composition tier",
    ],
    ["a core module importing a feature", "server/core/listing/probe.ts", 'import { jobRoutes as probe } from "../../features/jobs";', "never imports one"],
    [
      "a core module reaching inside another",
      "server/core/listing/probe.ts",
      'import { resolveSuburb as probe } from "../suburbs/resolve";',
      "through its index.ts",
    ],
    ["platform importing a core module", "server/platform/http/probe.ts", 'import { createSessions as probe } from "../../core/accounts";', "only shared/"],
    [
      "the seeds reaching inside a feature",
      "server/setup/probe.ts",
      'import { marketplaceRoutes as probe } from "../features/marketplace/routes";',
      "through its index.ts",
    ],
  ])("when %s, then lint refuses it", async (_what, filePath, code, message) => {
    const found = await refusals(filePath, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it.each([
    ["a feature using a core module's index.ts", "server/features/jobs/probe.ts", 'import { photoIdsByLead as probe } from "../../core/photos";'],
    ["a feature using platform", "server/features/jobs/probe.ts", 'import { AppError as probe } from "../../platform/http/errors";'],
    ["a core module using another's index.ts", "server/core/listing/probe.ts", 'import { resolveSuburb as probe } from "../suburbs";'],
    ["server/app.ts wiring a feature through its door", "server/app.ts", 'import { jobRoutes as probe } from "./features/jobs";'],
    ["a test reaching inside another feature", "server/features/jobs/probe.test.ts", 'import { marketplaceRoutes as probe } from "../marketplace/routes";'],
    [
      "a test bed reaching inside another feature",
      "server/features/jobs/test/probe.ts",
      'import { marketplaceRoutes as probe } from "../../marketplace/routes";',
    ],
  ])("when %s, then lint lets it be", async (_what, filePath, code) => {
    expect(await refusals(filePath, code)).toEqual([]);
  });
});
