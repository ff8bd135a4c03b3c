// `npm run lint` runs this: every tracked text file (package-lock.json aside: it cites
// nothing, it is only large) is read and each line that names a tracker issue or a document
// outside the repository is printed as file:line; any such line fails the check
// (docs/decisions/039, scripts/citations.ts).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { findCitations } from "./citations";

const SKIPPED = new Set(["package-lock.json"]);

const files = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" })
  .split("\0")
  .filter((file) => file && !SKIPPED.has(file) && fs.existsSync(file) && fs.statSync(file).isFile());

let count = 0;
for (const file of files) {
  const bytes = fs.readFileSync(file);
  if (bytes.includes(0)) continue; // images, fonts: not text
  for (const citation of findCitations(file, bytes.toString("utf8"))) {
    count += 1;
    console.log(`${file}:${citation.line}: ${citation.reason}: ${citation.text.trim().slice(0, 160)}`);
  }
}

if (count > 0) {
  console.error(
    `\n${count} line(s) cite what a reader of this repository cannot open. Cite docs/product.md, docs/runtime.md or docs/decisions/NNN instead, or drop the reference.`,
  );
  process.exit(1);
}
console.log(`citations: ${files.length} tracked files, none cites a tracker issue or a file outside the repository`);
