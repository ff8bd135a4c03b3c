// `npm run lighthouse` (docs/decisions/028): builds, starts the production server on a free port over
// a fresh embedded database, runs Lighthouse's mobile audit (its default: a mid-range phone on
// slow 4G, simulated) on the landing pages and the demo's public electrician profile
// (docs/decisions/060-public-profiles.md) with Debian's Chromium, prints the scores and
// writes them into docs/benchmarks.md between the lighthouse markers.
// LIGHTHOUSE_RUNS (default 3) runs per page; the run with the median performance score counts.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import prettier from "prettier";
import { profilePath, slugBase } from "../shared/profiles";
import { DEMO_USERS } from "../server/setup/demo-data";
import { LANDING_PAGES } from "./page-chunks.mjs";

/** The landing pages, then Dave's public profile as start-up prints it (the server seeds the demo). */
const PAGES = [...LANDING_PAGES.map((page) => page.path), profilePath(slugBase(DEMO_USERS.dave.companyName, DEMO_USERS.dave.serviceLocation))];

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const BENCHMARKS = "docs/benchmarks.md";
const START = "<!-- lighthouse:start -->";
const END = "<!-- lighthouse:end -->";
const LIGHTHOUSE_CLI = createRequire(import.meta.url).resolve("lighthouse/cli/index.js");

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitForServer(url: string, server: ChildProcess) {
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not answer within 60 s");
}

function audit(url: string): Scores {
  const out = path.join(os.tmpdir(), `lighthouse-${process.pid}.json`);
  const result = spawnSync(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    ],
    { stdio: "inherit", env: { ...process.env, CHROME_PATH } },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  fs.rmSync(out);
  const score = (id: string) => Math.round(report.categories[id].score * 100);
  const metric = (id: string) => report.audits[id].numericValue as number;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: metric("largest-contentful-paint"),
    fcpMs: metric("first-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
  };
}

const median = (runs: Scores[]) => [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function section(results: [string, Scores][]) {
  const rows = results.map(
    ([page, s]) =>
      `| \`${page}\` | ${s.performance} | ${seconds(s.lcpMs)} | ${seconds(s.fcpMs)} | ${Math.round(s.tbtMs)} ms | ${s.cls.toFixed(3)} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} |`,
  );
  return [
    START,
    `Measured ${new Date().toISOString()} by \`npm run lighthouse\`: Lighthouse mobile (simulated slow 4G, 4x CPU slowdown), Debian's Chromium, the production build over the embedded database, median of ${RUNS} run(s) per page; load average ${os.loadavg()[0]!.toFixed(1)} at the end.`,
    "",
    "| page | performance | LCP | FCP | TBT | CLS | accessibility | best practices | SEO |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    END,
  ].join("\n");
}

/** Only the text between the markers changes (a section of its own at the end the first time); Prettier as `npm run lint` checks it. */
async function writeSection(text: string) {
  const doc = fs.readFileSync(BENCHMARKS, "utf8");
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  const next = start >= 0 && end > start ? doc.slice(0, start) + text + doc.slice(end + END.length) : `${doc.trimEnd()}\n\n## Lighthouse (mobile)\n\n${text}\n`;
  const options = await prettier.resolveConfig(BENCHMARKS);
  fs.writeFileSync(BENCHMARKS, await prettier.format(next, { ...options, filepath: BENCHMARKS }));
}

if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-db-"));
const server = spawn(process.execPath, ["dist/server/index.js"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});
const url = `http://127.0.0.1:${port}`;
try {
  await waitForServer(url, server);
  const results: [string, Scores][] = [];
  for (const page of PAGES) {
    const runs = Array.from({ length: RUNS }, () => audit(url + page));
    const s = median(runs);
    results.push([page, s]);
    console.log(
      `${page}: performance ${s.performance} (runs ${runs.map((r) => r.performance).join(", ")}), LCP ${seconds(s.lcpMs)}, TBT ${Math.round(s.tbtMs)} ms, CLS ${s.cls.toFixed(3)}, accessibility ${s.accessibility}, best practices ${s.bestPractices}, SEO ${s.seo}`,
    );
  }
  await writeSection(section(results));
  console.log(`Written to ${BENCHMARKS}`);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
