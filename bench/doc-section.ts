// docs/benchmarks.md is shared: each benchmark owns the text between its own two markers and
// leaves the rest (the "## Live delivery" section, the Lighthouse figures) as it finds them.
import fs from "node:fs";
import prettier from "prettier";
import { SMOKE } from "./figures";

const FILE = "docs/benchmarks.md";

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`, formatted as `npm run lint` expects. */
export async function writeBetweenMarkers(name: string, lines: string[]) {
  // A smoke run's tiny sizes are not figures anyone should read.
  if (SMOKE) return;
  const [start, end] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  const old = fs.existsSync(FILE) ? fs.readFileSync(FILE, "utf8") : "# Benchmarks\n";
  const block = [start, ...lines, end].join("\n");
  const at = old.indexOf(start);
  const until = old.indexOf(end, at);
  const next =
    at >= 0 && until >= 0
      ? old.slice(0, at) + block + old.slice(until + end.length)
      : // First run: right under the title, above every other section.
        old.replace(/^(# [^\n]*\n)/, `$1\n${block}\n`);
  fs.writeFileSync(FILE, await prettier.format(next, { ...(await prettier.resolveConfig(FILE)), filepath: FILE }));
}
