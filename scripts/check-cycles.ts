// `npm run lint` runs this: the repository's import graph, read with the TypeScript compiler's own
// pre-processing and module resolution, must have no circle (docs/decisions/074). Every import
// counts, type-only ones and re-exports too: a reader follows them as much as the bundler does.
// Prints each circle as the files in it and the imports that close it; any circle fails the check.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { circlesOf } from "./import-circles";

const ROOT = process.cwd();
const SOURCE = /\.(ts|tsx|mts)$/;

/** The compiler options of the project a file belongs to: the browser's paths for client/, Node's for the rest. */
function optionsFor(configFile: string): ts.CompilerOptions {
  const read = ts.readConfigFile(configFile, (file) => ts.sys.readFile(file));
  return ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT, undefined, configFile).options;
}
const clientOptions = optionsFor(path.join(ROOT, "tsconfig.client.json"));
const nodeOptions = optionsFor(path.join(ROOT, "tsconfig.node.json"));
const host = ts.createCompilerHost(nodeOptions);

const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
  .split("\0")
  .filter((file) => SOURCE.test(file) && !file.endsWith(".d.ts") && fs.existsSync(file));
const known = new Set(files.map((file) => path.resolve(ROOT, file)));

/** Each file's imports that name another file of the repository, with the text they were written as. */
const edges = new Map<string, Map<string, string>>();
for (const file of files) {
  const absolute = path.resolve(ROOT, file);
  const options = file.startsWith("client/") ? clientOptions : nodeOptions;
  const info = ts.preProcessFile(fs.readFileSync(absolute, "utf8"), true, true);
  const targets = new Map<string, string>();
  for (const ref of info.importedFiles) {
    const resolved = ts.resolveModuleName(ref.fileName, absolute, options, host).resolvedModule?.resolvedFileName;
    if (resolved && known.has(resolved) && resolved !== absolute) targets.set(resolved, ref.fileName);
  }
  edges.set(absolute, targets);
}

const relative = (file: string) => path.relative(ROOT, file);
const found = circlesOf(edges);
for (const [n, component] of found.entries()) {
  const members = new Set(component);
  console.log(`circle ${n + 1}: ${component.length} files`);
  for (const file of component) {
    for (const [target, written] of edges.get(file)!) if (members.has(target)) console.log(`  ${relative(file)} -> ${relative(target)} ("${written}")`);
  }
}
if (found.length > 0) {
  console.error(`\n${found.length} import circle(s). Move what both sides need below both of them (docs/decisions/074).`);
  process.exit(1);
}
console.log(`imports: ${files.length} files, no circle`);
