// "Lost the link" says nothing by its timing (docs/decisions/075-limits-and-edges.md): in
// production a mobile with requests and one without are answered alike, before any work that
// differs. Measured against the server in its own process, as production runs it (NODE_ENV=production: no code in the
// answer), with 200 interleaved requests each and the cheapest route's median beside them;
// each answer's own time only, the work it leaves behind allowed to finish before the next.
// Written between the bench:lookup-timing markers; the smoke run asks 10 of each and writes nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createTestDatabase } from "../server/test/database";
import { buildServer, START_FLAGS, startProcess } from "./server-process";
import { writeBetweenMarkers } from "./doc-section";
import { measured, size } from "./figures";

const REQUESTS = size(200, 10);
const WARM_UP = size(30, 2);
/** The target: the two medians within half a millisecond. */
const MAX_GAP_MS = 0.5;
const SETTLE_MS = 10;

const PRODUCTION = {
  NODE_ENV: "production",
  SESSION_SECRET: "bench-session-secret-at-least-32-characters",
  STRIPE_SECRET_KEY: "sk_test_bench",
  STRIPE_PUBLISHABLE_KEY: "pk_test_bench",
  STRIPE_WEBHOOK_SECRET: "whsec_bench",
  STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_connect_bench",
  PUBLIC_URL: "http://127.0.0.1",
  BUSINESS_NAME: "Bench Electricians Pty Ltd",
  BUSINESS_ABN: "51 824 753 556",
  LOG_LEVEL: "silent",
  RATE_LIMIT_PUBLIC_FORMS_PER_IP: "100000000",
  RATE_LIMIT_JOB_PAGE_PER_IP: "100000000",
  RATE_LIMIT_SMS_PER_PHONE: "100000000",
  RATE_LIMIT_SMS_PER_IP: "100000000",
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchLookupTiming(serverUrl: string | undefined) {
  // The server in its own process, as production runs it: a client in the same process would
  // read each answer only after the work the answer left behind (PGlite even runs its queries
  // on that thread), and charge it to the answer.
  if (serverUrl) process.env.TEST_DATABASE_URL = serverUrl;
  else delete process.env.TEST_DATABASE_URL;
  const database = serverUrl ? await createTestDatabase() : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lookup-"));
  const env = database ? { ...PRODUCTION, DATABASE_URL: database.url ?? "" } : { ...PRODUCTION, DATA_DIR: dataDir };
  const server = await startProcess([...START_FLAGS, await buildServer()], env);
  const base = server.base;
  try {
    const known = "0412000111";
    const unknown = "0412000222";
    const quote = await fetch(`${base}/api/leads`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: PRODUCTION.PUBLIC_URL },
      body: JSON.stringify({
        serviceLocation: "Parramatta NSW 2150",
        electricalWork: "Two new power points in the garage",
        customerName: "Bench Customer",
        customerPhone: known,
      }),
    });
    if (quote.status !== 201) throw new Error(`bench: the customer's quote answered ${quote.status}`);
    const timed = async (path: string, init: RequestInit = {}) => {
      const started = performance.now();
      const res = await fetch(base + path, init);
      await res.arrayBuffer();
      return { ms: performance.now() - started, status: res.status };
    };
    const ask = (phone: string) =>
      timed("/api/jobs/lookup", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: PRODUCTION.PUBLIC_URL },
        body: JSON.stringify({ phone }),
      });
    const samples = { known: [] as number[], unknown: [] as number[], cheapest: [] as number[] };
    for (let i = 0; i < WARM_UP + REQUESTS; i++) {
      // Interleaved, and each pair in turn order, so neither side always follows the other.
      const order = i % 2 ? ([known, unknown] as const) : ([unknown, known] as const);
      for (const phone of order) {
        const answer = await ask(phone);
        if (answer.status !== 202) throw new Error(`bench: lookup answered ${answer.status}`);
        if (i >= WARM_UP) samples[phone === known ? "known" : "unknown"].push(answer.ms);
        // The work after the answer runs in this process too (PGlite's database even on this
        // thread): let it finish, so it is not charged to whichever request comes next.
        await new Promise((r) => setTimeout(r, SETTLE_MS));
      }
      const floor = await timed("/api/no-such-route");
      if (i >= WARM_UP) samples.cheapest.push(floor.ms);
    }
    const [withRequests, without, cheapest] = [median(samples.known), median(samples.unknown), median(samples.cheapest)].map((ms, i) =>
      measured(["the lookup of a mobile with requests", "the lookup of a mobile without", "the cheapest route"][i]!, ms),
    ) as [number, number, number];
    const gap = Math.abs(withRequests - without);
    const line = `- POST /api/jobs/lookup, ${REQUESTS} interleaved requests each: a mobile with requests ${withRequests.toFixed(2)} ms, one without ${without.toFixed(2)} ms (medians), a gap of ${gap.toFixed(2)} ms; the cheapest route ${cheapest.toFixed(2)} ms — target a gap ≤ ${MAX_GAP_MS} ms: ${gap <= MAX_GAP_MS ? "met" : "MISSED"}`;
    console.log(line);
    await writeBetweenMarkers("bench:lookup-timing", [
      "## Lost the link: timing",
      "",
      `Measured ${new Date().toISOString()} by \`npm run bench\` on ${serverUrl ? "PostgreSQL" : "PGlite"}, the server in its own process with NODE_ENV=production (no code in the answer). Target: the two medians within ${MAX_GAP_MS} ms (docs/decisions/075-limits-and-edges.md).`,
      "",
      line,
    ]);
  } finally {
    await server.stop();
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
