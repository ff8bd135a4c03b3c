import { describe, expect, it } from "vitest";
import { findCitations } from "./citations";

// The forbidden words are assembled here too, so this file passes its own check.
const issue = ["iss", "ue"].join("");
const Issue = ["Iss", "ue"].join("");
const spec = ["SP", "EC"].join("") + ".md";
const design = ["DES", "IGN"].join("") + ".md";
const style = ["ST", "YLE"].join("") + ".md";
const developers = ["DEVEL", "OPERS"].join("") + ".md";
const shared = ["sha", "red"].join("");

const reasons = (file: string, text: string) => findCitations(file, text).map((c) => `${c.line}: ${c.reason}`);

describe("tracker issue numbers", () => {
  it.each([`// see ${issue} 12`, `(${issue} #16)`, `${Issue} 15's "Fit the phone"`, `${issue}s 4 and 13`, `${Issue}16: the licence`])(
    "when a line says %j, then it is reported",
    (line) => {
      expect(reasons("server/x.ts", `first line\n${line}`)).toEqual([`2: names an ${issue} number`]);
    },
  );

  it.each([`tissue 5`, `an ${issue} with the phone`, `${issue}s found on a phone`, `the ${issue}r, 12 of them`])(
    "when a line says %j, then it passes",
    (line) => {
      expect(reasons("server/x.ts", line)).toEqual([]);
    },
  );
});

describe("documents outside the repository", () => {
  it.each([spec, design, style, developers, `../${shared}/${spec}`, `${design} section 4`, `(${spec}'s flag)`])(
    "when a line cites %j, then it is reported",
    (cite) => {
      expect(reasons("README.md", `see ${cite}`)).toContainEqual(expect.stringMatching(/^1: cites \w+\.md, which is outside the repository$/));
    },
  );

  it.each(["docs/product.md section 4", "client.spec.md", `my_${spec}`, "SPECS.md"])("when a line says %j, then it passes", (text) => {
    expect(reasons("README.md", text)).toEqual([]);
  });
});

describe("relative paths to a shared folder", () => {
  it("when ../shared leaves the repository from the file's folder, then it is reported", () => {
    expect(reasons("README.md", `The spec is \`../${shared}/notes\`.`)).toEqual([`1: points at ../${shared}, outside the repository`]);
    expect(reasons("server/x.ts", `// ../../${shared}/notes`)).toEqual([`1: points at ../../${shared}, outside the repository`]);
  });

  it("when ../shared is the repository's own shared/ folder, then it passes", () => {
    expect(reasons("bench/run.ts", `import { leads } from "../${shared}/schema";`)).toEqual([]);
    expect(reasons("server/features/admin/repo.ts", `import { users } from "../../${shared}/schema";`)).toEqual([]);
  });
});
