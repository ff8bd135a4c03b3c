// The request-cost benchmark on PostgreSQL (docs/decisions/027): every figure measured from outside, 64
// connections (autocannon), against the server as production runs it (bench/server-process.ts),
// each as a ratio of a baseline measured in the same run, printed beside its target and
// written to docs/benchmarks.md between the bench markers. Not a test: nothing fails here.
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { users } from "../shared/schema";
import { hashPassword } from "../server/auth/password";
import { createTestDatabase } from "../server/test/database";
import { writeBetweenMarkers } from "./doc-section";
import { removeIntakeLeads, seedContestedLeads, seedLeads } from "./request-seed";
import { BARE_EXPRESS_SERVER, BARE_SERVER, buildServer, START_FLAGS, startProcess, type RunningServer } from "./server-process";

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const BUYERS = 50;
const CONTESTED_LEADS = 1000;
const PASSWORD = "bench-password";

interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** Responses by status code, to show the route answered what it should. */
  statuses: Record<string, number>;
}

/** Requests per second over SECONDS after a one-second warm-up, with CONNECTIONS in flight. */
async function load(url: string, options: { headers?: Record<string, string>; method?: "GET" | "POST"; body?: string } = {}): Promise<Load> {
  const run = (duration: number) => autocannon({ url, connections: CONNECTIONS, duration, ...options });
  await run(1);
  const result = await run(SECONDS);
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, Number((s as { count: number }).count)]));
  return { rps: result.requests.total / result.duration, p50: result.latency.p50, p99: result.latency.p99, statuses };
}

const whole = (n: number) => Math.round(n).toLocaleString("en-AU");
const statusText = (l: Load) =>
  Object.entries(l.statuses)
    .map(([code, n]) => `${code}×${whole(n)}`)
    .join(", ");

/** A seeded shuffle, so every run's buyers walk the leads in the same orders. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed + 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function signIn(base: string, username: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * BUYERS electricians, one connection each, every one walking the leads in its own order and
 * trying to buy each one it has not yet seen go (the live market tells every screen at once,
 * so a sold lead is skipped, but two buyers still race for the same lead): stopped once every
 * lead is sold (or after 30 s).
 */
async function contestedPurchases(base: string, cookies: string[], leadIds: number[]) {
  const orders = cookies.map((_, b) => shuffled(leadIds, b));
  const sold = new Set<number>();
  // autocannon resets a connection's context after every request: each buyer's walk is kept here.
  const walked = cookies.map(() => 0);
  let turn = 0;
  const nextFor = (buyer: number) => {
    const order = orders[buyer]!;
    let i = walked[buyer]!;
    while (i < order.length - 1 && sold.has(order[i]!)) i++;
    walked[buyer] = i + 1;
    return order[Math.min(i, order.length - 1)]!;
  };
  const counts = { sales: 0, refusals: 0, other: 0 };
  const started = performance.now();
  let lastSale = started;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: cookies.length,
        duration: 30,
        requests: [
          {
            method: "POST",
            setupRequest: (req, context) => {
              const buyer = turn++ % cookies.length;
              const leadId = nextFor(buyer);
              (context as { leadId?: number }).leadId = leadId;
              return {
                ...req,
                path: `/api/leads/${leadId}/purchase`,
                body: "{}",
                headers: { ...req.headers, "content-type": "application/json", cookie: cookies[buyer]! },
              };
            },
            onResponse: (status, _body, context) => {
              if (status === 201 || status === 409) sold.add((context as { leadId: number }).leadId);
              if (status === 201) {
                counts.sales++;
                lastSale = performance.now();
                if (counts.sales === leadIds.length) instance.stop();
              } else if (status === 409) counts.refusals++;
              else counts.other++;
            },
          },
        ],
      },
      (err) => (err ? reject(err) : resolve()),
    );
  });
  const elapsed = (performance.now() - started) / 1000;
  const attempts = counts.sales + counts.refusals + counts.other;
  return { ...counts, attempts, attemptsPerSecond: attempts / elapsed, salesPerSecond: counts.sales / ((lastSale - started) / 1000) };
}

interface Row {
  measure: string;
  figure: string;
  ratio: number | null;
  target: string;
  met: boolean;
}

export async function benchRequestCost(serverUrl: string) {
  process.env.TEST_DATABASE_URL = serverUrl;
  const loadBefore = os.loadavg();
  const rows: Row[] = [];
  const notes: string[] = [];
  const row = (r: Row) => {
    rows.push(r);
    console.log(`- ${r.measure}: ${r.figure}${r.ratio === null ? "" : ` (${r.ratio.toFixed(2)})`} — target ${r.target}: ${r.met ? "met" : "MISSED"}`);
  };

  const bundle = await buildServer();
  // Suburbs imported here, as on any server after its first start: the idle RSS is a running server's.
  const database = await createTestDatabase({ suburbs: true });
  const { db } = database;
  const password = await hashPassword(PASSWORD);
  const [provider] = await db.insert(users).values({ username: "bench-provider", password, userType: "provider" }).returning({ id: users.id });
  await db.insert(users).values(Array.from({ length: BUYERS }, (_, i) => ({ username: `bench-buyer-${i}`, password, userType: "provider" as const })));
  await seedLeads(db, provider!.id, 1, 1_000);

  const bare = await startProcess(["--input-type=module", "-e", BARE_SERVER], {});
  const bareLoad = await load(`${bare.base}/api/no-such-route`);
  await bare.stop();
  const bareExpress = await startProcess(["--input-type=module", "-e", BARE_EXPRESS_SERVER], {});
  const bareExpressLoad = await load(`${bareExpress.base}/api/no-such-route`);
  await bareExpress.stop();

  const env = {
    NODE_ENV: "development",
    DATABASE_URL: database.url!,
    LOG_LEVEL: "info",
    SESSION_SECRET: "bench-session-secret-at-least-32-characters",
    RATE_LIMIT_LOGIN_PER_IP: "1000000",
    RATE_LIMIT_LOGIN_PER_USERNAME: "1000000",
    RATE_LIMIT_PUBLIC_FORMS_PER_IP: "100000000",
    // Every measured quote sends its SMS code (to the log), as a real customer's first quote does.
    RATE_LIMIT_SMS_PER_PHONE: "100000000",
    RATE_LIMIT_SMS_PER_IP: "100000000",
  };
  let server: RunningServer | undefined;
  try {
    server = await startProcess([...START_FLAGS, bundle], env);
    const { base } = server;
    await new Promise((r) => setTimeout(r, 1000));
    const idleRss = server.rssNow();
    server.resetPeak();
    // Where the memory goes: the peak RSS of each stretch of load, then reset for the next.
    const phases: string[] = [];
    let peak = idleRss;
    const phase = (name: string) => {
      const p = server!.peakRss();
      peak = Math.max(peak, p);
      phases.push(`${name} ${whole(p)} MiB`);
      server!.resetPeak();
    };

    const cheapest = await load(`${base}/api/no-such-route`);
    phase("404");
    row({
      measure: "Cheapest route, GET of an unknown /api/ path (404 JSON, no database)",
      figure: `${whole(cheapest.rps)} req/s against bare node:http's ${whole(bareLoad.rps)} (Express 5 with one 404 handler and nothing else: ${whole(bareExpressLoad.rps)}, ${(bareExpressLoad.rps / bareLoad.rps).toFixed(2)})`,
      ratio: cheapest.rps / bareLoad.rps,
      target: "≥ 0.15 of bare node:http",
      met: cheapest.rps / bareLoad.rps >= 0.15,
    });
    const ofCheapest = (l: Load) => l.rps / cheapest.rps;

    const cookie = await signIn(base, "bench-provider");
    const signedOut = await load(`${base}/api/auth/me`);
    const signedIn = await load(`${base}/api/auth/me`, { headers: { cookie } });
    phase("/api/auth/me");
    row({
      measure: "GET /api/auth/me signed in",
      figure: `${whole(signedIn.rps)} req/s, signed out ${whole(signedOut.rps)} (${statusText(signedIn)} / ${statusText(signedOut)})`,
      ratio: signedIn.rps / signedOut.rps,
      target: "≥ 0.7 of signed out",
      met: signedIn.rps / signedOut.rps >= 0.7,
    });

    const market = () => load(`${base}/api/leads`, { headers: { cookie } });
    const small = await market();
    phase("market at 1,000 leads");
    const intakeBody = JSON.stringify({
      serviceLocation: "Parramatta NSW 2150",
      electricalWork: "Two new power points in the garage",
      customerName: "Bench Customer",
      customerPhone: "0412 345 678",
    });
    const intake = () => load(`${base}/api/leads`, { method: "POST", headers: { "content-type": "application/json" }, body: intakeBody });
    const intakeSmall = await intake();
    phase("intake at 800 purchases");
    await removeIntakeLeads(db);

    await seedLeads(db, provider!.id, 1_001, 100_000);
    const large = await market();
    phase("market at 100,000 leads");
    row({
      measure: "GET /api/leads, 100,000 leads (20,000 on sale), 50 per page",
      figure: `${whole(large.rps)} req/s, p50 ${large.p50} ms, p99 ${large.p99} ms`,
      ratio: ofCheapest(large),
      target: "≥ 0.4, p99 ≤ 100 ms",
      met: ofCheapest(large) >= 0.4 && large.p99 <= 100,
    });
    row({
      measure: "The same with 1,000 leads",
      figure: `${whole(small.rps)} req/s, p50 ${small.p50} ms, p99 ${small.p99} ms`,
      ratio: ofCheapest(small),
      target: "the same as at 100,000 (≥ 0.4)",
      met: ofCheapest(small) >= 0.4,
    });
    row({
      measure: "POST /api/leads (quote intake), 800 past purchases",
      figure: `${whole(intakeSmall.rps)} req/s, p50 ${intakeSmall.p50} ms (${statusText(intakeSmall)})`,
      ratio: ofCheapest(intakeSmall),
      target: "≥ 0.3",
      met: ofCheapest(intakeSmall) >= 0.3,
    });
    const intakeLarge = await intake();
    phase("intake at 80,000 purchases");
    await removeIntakeLeads(db);
    row({
      measure: "The same with 80,000 past purchases",
      figure: `${whole(intakeLarge.rps)} req/s, p50 ${intakeLarge.p50} ms`,
      ratio: ofCheapest(intakeLarge),
      target: "≥ 0.3, flat as the history grows",
      met: ofCheapest(intakeLarge) >= 0.3,
    });

    const leadIds = await seedContestedLeads(db, CONTESTED_LEADS);
    const cookies = await Promise.all(Array.from({ length: BUYERS }, (_, i) => signIn(base, `bench-buyer-${i}`)));
    // Apart from the sales: each sign-in's scrypt takes 16 MiB outside the JavaScript heap.
    phase(`${BUYERS} sign-ins at once`);
    const race = await contestedPurchases(base, cookies, leadIds);
    phase("contested purchases");
    const result = await db.execute(
      sql`select count(*)::int as live, count(distinct lead_id)::int as leads from lead_purchases where released_at is null and lead_id in (select id from leads where job_reference like 'C-%')`,
    );
    const check = (result as unknown as { rows: { live: number; leads: number }[] }).rows[0];
    const exactlyOnce = check!.live === check!.leads && check!.live === race.sales;
    row({
      measure: `Contested purchases, ${BUYERS} buyers × ${whole(CONTESTED_LEADS)} leads`,
      figure: `${whole(race.attemptsPerSecond)} attempts/s, ${whole(race.salesPerSecond)} sales/s; ${whole(race.sales)} sales, ${whole(race.refusals)} refusals, ${race.other} other; ${exactlyOnce ? "each lead sold exactly once" : `NOT exactly once (${check!.live} live purchases on ${check!.leads} leads)`}`,
      ratio: null,
      target: "≥ 1,000 attempts/s and ≥ 300 sales/s, exactly once",
      met: race.attemptsPerSecond >= 1000 && race.salesPerSecond >= 300 && exactlyOnce && race.sales === CONTESTED_LEADS,
    });

    notes.push(`Peak RSS by stretch of load: ${phases.join(", ")}.`);
    row({
      measure: "Server RSS on PostgreSQL",
      figure: `${whole(idleRss)} MiB idle, peak ${whole(peak)} MiB under the load above`,
      ratio: null,
      target: "≤ 200 MB peak",
      met: peak * 1.048576 <= 200,
    });
    const back = await load(`${base}/api/no-such-route`);
    notes.push(`The cheapest route measured again at the end: ${whole(back.rps)} req/s (${(back.rps / cheapest.rps).toFixed(2)} of the first).`);
  } finally {
    await server?.stop();
    await database.destroy();
  }

  // The embedded default: first start on an empty data folder (migrations, suburbs, demo data), then a warm restart.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-embedded-"));
  try {
    const embeddedEnv = { NODE_ENV: "development", DATA_DIR: dataDir, LOG_LEVEL: "info" };
    const first = await startProcess([...START_FLAGS, bundle], embeddedEnv);
    await new Promise((r) => setTimeout(r, 2000));
    const firstPeak = first.peakRss();
    const firstSettled = first.rssNow();
    await first.stop();
    const warm = await startProcess([...START_FLAGS, bundle], embeddedEnv);
    await new Promise((r) => setTimeout(r, 2000));
    const warmPeak = warm.peakRss();
    await warm.stop();
    row({
      measure: "Embedded default, first start",
      figure: `${(first.startMs / 1000).toFixed(1)} s, RSS peak ${whole(firstPeak)} MiB, ${whole(firstSettled)} MiB 2 s later`,
      ratio: null,
      target: "≤ 4 s and ≤ 300 MB",
      met: first.startMs <= 4000 && firstPeak * 1.048576 <= 300,
    });
    row({
      measure: "Embedded default, warm restart",
      figure: `${(warm.startMs / 1000).toFixed(1)} s, RSS peak ${whole(warmPeak)} MiB`,
      ratio: null,
      target: "≤ 2 s",
      met: warm.startMs <= 2000,
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const loadAfter = os.loadavg();
  const load1 = (l: number[]) => l.map((x) => x.toFixed(2)).join(" / ");
  const lines = [
    "## Request cost on PostgreSQL",
    "",
    `Measured ${new Date().toISOString()} by \`BENCH_DATABASE_URL=... npm run bench\`: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), load average (1 / 5 / 15 min) ${load1(loadBefore)} at the start and ${load1(loadAfter)} at the end, Node ${process.version}, PostgreSQL on the same machine.`,
    `The server is the production bundle (esbuild, as \`npm run build\`) run by plain node in its own process with NODE_ENV=development (demo payments and cookies over http; production would demand Stripe and TLS), request logging on (LOG_LEVEL=info to /dev/null), with \`npm start\`'s node flags (${START_FLAGS.join(" ")}); ${CONNECTIONS} connections from autocannon in the bench process, ${SECONDS} s per measure after a 1 s warm-up. Ratios are of the cheapest route measured in the same run, unless the row names another base.`,
    "",
    "| measure | figure | ratio | target | |",
    "|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.measure} | ${r.figure} | ${r.ratio === null ? "" : r.ratio.toFixed(2)} | ${r.target} | ${r.met ? "met" : "missed"} |`),
    "",
    ...notes,
  ];
  await writeBetweenMarkers("bench", lines);
  console.log("\nWritten to docs/benchmarks.md (between the bench markers)");
}
