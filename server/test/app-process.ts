// An app instance in its own process: the production entry (server/index.ts) bundled by esbuild
// as `npm run build` bundles it, run by plain node on a PostgreSQL database. A test can then kill
// it with SIGKILL in the middle of its work, as a crash or the kernel's OOM killer would (no
// shutdown hook runs, its connections just drop), and start another on the same database.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { bundleEntry } from "../../scripts/server-bundle";

/** Inside the project, so the bundle's bare imports resolve to its node_modules; a folder per test worker for its chunks. */
const BUNDLE = path.resolve(`dist/test-app-process/${process.pid}/server/index.js`);
let bundled: Promise<string> | null = null;

/** Bundles server/index.ts into `outfile` as `npm run build` does (scripts/build-server.ts); returns the file to run. */
export function bundleServer(outfile: string): Promise<string> {
  return bundleEntry("server/index.ts", outfile);
}

/** A loopback port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

export interface AppProcess {
  base: string;
  /** What it wrote to stdout and stderr (the last 20 kB): its warnings and errors, for a failing test's message. */
  output(): string;
  /** SIGKILL, then waits until it is gone. */
  kill(): Promise<void>;
  /** SIGTERM (the graceful shutdown), then waits until it is gone. */
  stop(): Promise<void>;
}

/** What runs before the server through `node --import`, bundled as `npm run build` bundles it. */
async function bundlePreload(entry: string): Promise<string> {
  // A folder of its own: its chunks are not the server's, which may be loading one meanwhile.
  return bundleEntry(entry, path.resolve(`dist/test-app-process/${process.pid}/preload-${path.basename(entry, ".ts")}/index.js`));
}

/**
 * Starts an instance on `databaseUrl` (migrated already) and waits until it answers /api/health.
 * `preload`: a module (e.g. the tracing entry, server/platform/tracing/register.ts) that node
 * loads first with `--import`, as `npm start` loads scripts/tracing.mjs.
 */
export async function startAppProcess(databaseUrl: string, env: Record<string, string> = {}, options: { preload?: string } = {}): Promise<AppProcess> {
  const bundle = await (bundled ??= bundleServer(BUNDLE));
  const preload = options.preload ? ["--import", await bundlePreload(options.preload)] : [];
  const port = await freePort();
  const child = spawn(process.execPath, [...preload, bundle], {
    env: {
      PATH: process.env.PATH ?? "",
      // Demo payments, no TLS: production would demand Stripe keys and a public URL.
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      ...env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the app process exited (${child.exitCode ?? child.signalCode}): ${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the app process did not answer within 120 s: ${output}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { base, output: () => output, kill: () => end("SIGKILL"), stop: () => end("SIGTERM") };
}

/** Removes this process's bundle (call once the file's instances are gone); a later file in the same worker bundles again. */
export function removeAppProcessBundle() {
  fs.rmSync(BUNDLE, { force: true });
  for (const file of fs.existsSync(path.dirname(BUNDLE)) ? fs.readdirSync(path.dirname(BUNDLE)) : [])
    if (file.startsWith(`preload-${process.pid}-`)) fs.rmSync(path.join(path.dirname(BUNDLE), file), { force: true });
  bundled = null;
}
