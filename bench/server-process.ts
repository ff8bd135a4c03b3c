// The app as it runs in production for the request-cost benchmark: the server bundled by
// esbuild the way `npm run build` bundles it (scripts/build-server.ts), run by plain node in
// its own process, so the load generator never shares its event loop. Its RSS is sampled
// from /proc while it runs.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { bundleServer, freePort } from "../server/test/app-process";

const BUNDLE = "dist/bench/server.js";

const START_WORDS = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start.split(/\s+/);

/** The node flags `npm start` runs the server with (package.json), so the bench runs it the same way. */
export const START_FLAGS: string[] = START_WORDS.filter((arg) => arg.startsWith("--"));

/** The environment `npm start` sets before node (package.json; docs/decisions/078-a-server-that-stays-small.md). */
export const START_ENV: Record<string, string> = Object.fromEntries(
  START_WORDS.slice(0, START_WORDS.indexOf("node")).map((word) => [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)]),
);

/** Bundles server/index.ts as the production build does; returns the file to run. */
export const buildServer = () => bundleServer(BUNDLE);

function rssMiB(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The CPU time a process has used (user + system, every thread), in ms, from /proc; 0 once it is gone. */
function cpuMsOf(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a second).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export interface RunningServer {
  base: string;
  child: ChildProcess;
  /** CPU time the server has used so far, in ms: the cost of a stretch of load apart from the load generator's. */
  cpuMs(): number;
  /** Milliseconds from spawn to the first answered /api/health. */
  startMs: number;
  rssNow(): number;
  /** The highest RSS seen since start (or since the last resetPeak). */
  peakRss(): number;
  resetPeak(): void;
  stop(): Promise<void>;
}

/**
 * Starts `args` (a node script and its arguments) with `env`, and waits until `readyPath` answers.
 * `log`, if given, gets what the server writes to stdout (pino's lines), e.g. to show its errors.
 */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  readyPath = "/api/health",
  log?: (text: string) => void,
): Promise<RunningServer> {
  const port = await freePort();
  const started = performance.now();
  // stdout (pino's request log) goes to /dev/null unless asked for: the log lines are still written, as in production.
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? "", ...START_ENV, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", log ? "pipe" : "ignore", "pipe"],
  });
  if (log) child.stdout!.on("data", (d: Buffer) => log(d.toString()));
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(child.pid!))), 100);
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(base + readyPath)).status < 500) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const startMs = performance.now() - started;
  return {
    base,
    child,
    startMs,
    rssNow: () => rssMiB(child.pid!),
    cpuMs: () => cpuMsOf(child.pid!),
    peakRss: () => Math.max(peak, rssMiB(child.pid!)),
    resetPeak: () => (peak = 0),
    async stop() {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * The framework's own floor: Express 5 (fixed by the stack) answering the same 404 JSON with
 * one handler and nothing else; what our middleware costs is the gap between it and the app.
 */
export const BARE_EXPRESS_SERVER = `
import express from "express";
const app = express();
app.use((req, res) => res.status(404).json({ message: "Not found" }));
app.listen(Number(process.env.PORT), process.env.HOST);
`;

/** The floor: node:http answering the same 404 JSON with nothing in between. */
export const BARE_SERVER = `
import http from "node:http";
const body = JSON.stringify({ message: "Not found" });
http.createServer((req, res) => {
  res.writeHead(req.url === "/api/health" ? 200 : 404, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), process.env.HOST);
`;
