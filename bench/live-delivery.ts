// The live delivery benchmark (docs/product.md section 12): two app instances on one real
// PostgreSQL, STREAMS stream clients on instance B, SALES sales made on instance A. Measures
// the time from each sale's 201 to its lead.removed at every client, and B's memory per 100
// open streams. Needs BENCH_DATABASE_URL; writes the "Live delivery" section of docs/benchmarks.md.
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { leads, users } from "../shared/schema";
import { hashPassword } from "../server/platform/access/password";
import { vettedLicence } from "../server/setup/factories";
import { createTestDatabase } from "../server/test/database";
import { openMarketStream, sessionCookie, type MarketStream } from "../server/test/market-stream";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const SALES = 1000;
/** Electricians buying on A, in turn (one buyer's session row would serialise their requests). */
const BUYERS = 10;
/** Sales started per second on A: a steady busy market, not one burst. */
const SALES_PER_SECOND = Number(process.env.BENCH_SALES_PER_SECOND ?? 20);
const SECTION = "## Live delivery";

function writeSection(lines: string[]) {
  const file = "docs/benchmarks.md";
  const old = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  const start = old.indexOf(SECTION);
  const end = start < 0 ? -1 : old.indexOf("\n## ", start + SECTION.length);
  const section = [SECTION, "", ...lines].join("\n") + "\n";
  const kept = start < 0 ? old.trimEnd() + "\n\n" : old.slice(0, start) + (end < 0 ? "" : old.slice(end + 1) + "\n");
  fs.writeFileSync(file, start < 0 ? kept + section : kept.trimEnd() + "\n\n" + section);
}

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.log("Live delivery: skipped, it needs PostgreSQL (BENCH_DATABASE_URL=postgres://...).");
  writeSection(["Not measured in this run: it needs PostgreSQL (`BENCH_DATABASE_URL`)."]);
} else {
  await measure(url);
}

async function measure(serverUrl: string) {
  process.env.TEST_DATABASE_URL = serverUrl;
  const database = await createTestDatabase();
  const password = await hashPassword("bench-password");
  await database.db
    .insert(users)
    // Approved electricians (docs/decisions/033): a pending buyer's purchases are refused.
    .values(Array.from({ length: STREAMS + BUYERS }, (_, i) => ({ ...vettedLicence(), username: `live-${i}`, password, userType: "provider" as const })));
  const onSale = await database.db
    .insert(leads)
    .values(
      Array.from({ length: SALES }, (_, i) => ({
        jobReference: `L-${i}`,
        customerName: `Customer ${i}`,
        customerPhone: "0411222333",
        serviceLocation: "Parramatta NSW 2150",
        // Every lead on sale names a real suburb (docs/decisions/034).
        suburb: "Parramatta",
        state: "NSW",
        postcode: "2150",
        electricalWork: "Live delivery benchmark job",
      })),
    )
    .returning({ id: leads.id });

  const [a, b] = [await instance(database.url!), await instance(database.url!)];
  const children = [a.child, b.child];
  try {
    const buyers = await inBatches(8, BUYERS, (i) => sessionCookie(a.url, `live-${i}`, "bench-password"));
    const viewers = await inBatches(8, STREAMS, (i) => sessionCookie(b.url, `live-${BUYERS + i}`, "bench-password"));
    // Warm B up with streams opened and closed, so the idle figure is not start-up garbage.
    const warmUp = await inBatches(25, 50, (i) => openMarketStream(b.url, viewers[i]!));
    await Promise.all(warmUp.map((s) => s.ready(30_000)));
    warmUp.forEach((s) => s.close());
    // Let start-up memory go back to the system before the first reading.
    for (let i = 0; i < 5; i++) {
      await memory(b.child);
      await new Promise((r) => setTimeout(r, 400));
    }
    // B's memory at 0, 100, ... STREAMS open streams; the slope of a straight-line fit is the
    // cost of 100 more (one reading alone is within the allocator's noise).
    const samples = [{ open: 0, ...(await memory(b.child)) }];
    const streams: MarketStream[] = [];
    while (streams.length < STREAMS) {
      const more = await inBatches(25, 100, (i) => openMarketStream(b.url, viewers[streams.length + i]!));
      await Promise.all(more.map((s) => s.ready(30_000)));
      streams.push(...more);
      samples.push({ open: streams.length, ...(await memory(b.child)) });
    }

    // Sales at a steady rate on A; each one's request and 201 are stamped.
    const [cpuA, cpuB] = [await memory(a.child), await memory(b.child)];
    const askedAt = new Map<number, number>();
    const soldAt = new Map<number, number>();
    const started = performance.now();
    await Promise.all(
      onSale.map(async ({ id }, i) => {
        await new Promise((r) => setTimeout(r, started + (i * 1000) / SALES_PER_SECOND - performance.now()));
        askedAt.set(id, performance.now());
        const res = await fetch(`${a.url}/api/leads/${id}/purchase`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: buyers[i % BUYERS]! },
          body: "{}",
        });
        if (res.status !== 201) throw new Error(`sale of lead ${id}: ${res.status}`);
        soldAt.set(id, performance.now());
        await res.arrayBuffer();
      }),
    );
    const salesSeconds = (performance.now() - started) / 1000;
    const load = os.loadavg()[0]!.toFixed(1);
    const removals = (s: MarketStream) => s.events.filter((e) => e.event === "lead.removed");
    const deadline = performance.now() + 30_000;
    while (streams.some((s) => removals(s).length < SALES) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const cpuPerSale = async (child: ChildProcess, before: { cpuMs: number }) => (((await memory(child)).cpuMs - before.cpuMs) / SALES).toFixed(2);
    const [perSaleA, perSaleB] = [await cpuPerSale(a.child, cpuA), await cpuPerSale(b.child, cpuB)];

    const latencies: number[] = [];
    const sinceAsked: number[] = [];
    let early = 0;
    for (const s of streams) {
      for (const e of removals(s)) {
        const id = (e.data as { id: number }).id;
        const delay = e.at - soldAt.get(id)!;
        if (delay < 0) early++;
        latencies.push(Math.max(0, delay));
        sinceAsked.push(e.at - askedAt.get(id)!);
      }
    }
    const pct = percentiles(latencies);
    const asked = percentiles(sinceAsked);
    const missing = STREAMS * SALES - latencies.length;
    const perHundred = (key: "rss" | "heap") => (slope(samples.map((m) => [m.open, m[key]])) * 100) / 2 ** 20;
    const [idle, full] = [samples[0]!, samples.at(-1)!];
    streams.forEach((s) => s.close());

    const lines = [
      `Measured ${new Date().toISOString()} on PostgreSQL, ${process.platform} ${process.arch}, Node ${process.version}; two app instances as child processes on one database, clients in a third process, all on one machine with ${os.cpus().length} cores (load average ${load} at the end of the sales).`,
      "",
      `- ${SALES.toLocaleString("en-AU")} sales on instance A (${SALES_PER_SECOND} started per second, done in ${salesSeconds.toFixed(1)} s) to ${STREAMS} streams on instance B: ${latencies.length.toLocaleString("en-AU")} lead.removed events delivered${missing ? `, ${missing} missing` : ", none missing"}.`,
      `- Time from the sale's 201 to lead.removed at each client: p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms (target: p95 ≤ 100 ms). ${early.toLocaleString("en-AU")} events (${((early / latencies.length) * 100).toFixed(0)}%) arrived before their 201 (NOTIFY goes out at commit, the 201 just after) and count as 0 ms.`,
      `- CPU time per sale: instance A ${perSaleA} ms (the sale), instance B ${perSaleB} ms (loading the event and writing it to ${STREAMS} streams).`,
      `- Time from sending the purchase to lead.removed at each client, the sale itself included: p50 ${asked(50)} ms, p95 ${asked(95)} ms, p99 ${asked(99)} ms.`,
      `- Instance B's memory after a full GC, read at 0, 100, ..., ${STREAMS} open streams: RSS ${(idle.rss / 2 ** 20).toFixed(0)} MiB idle, ${(full.rss / 2 ** 20).toFixed(0)} MiB with ${STREAMS}; straight-line fit ${perHundred("rss").toFixed(2)} MiB RSS per 100 connections (JavaScript heap and buffers: ${perHundred("heap").toFixed(2)} MiB per 100).`,
    ];
    lines.forEach((line) => console.log(line));
    writeSection(lines);
  } finally {
    for (const child of children) child.send("stop");
    await Promise.all(children.map((c) => new Promise((r) => c.once("exit", r))));
    await database.destroy();
  }
}

/** bench/live-instance.ts as a child process on the shared database. */
async function instance(databaseUrl: string) {
  const child = fork("bench/live-instance.ts", {
    execArgv: ["--import", "tsx", "--expose-gc"],
    env: { ...process.env, BENCH_INSTANCE_DATABASE_URL: databaseUrl },
  });
  const { port } = await reply<{ port: number }>(child, "port");
  return { child, url: `http://127.0.0.1:${port}` };
}

function reply<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise((resolve) => {
    const listen = (message: unknown) => {
      if (message && typeof message === "object" && key in message) {
        child.off("message", listen);
        resolve(message as T);
      }
    };
    child.on("message", listen);
  });
}

async function memory(child: ChildProcess) {
  const answer = reply<{ memory: { rss: number; heap: number; cpuMs: number } }>(child, "memory");
  child.send("memory");
  return (await answer).memory;
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((x, y) => x - y);
  return (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>) {
  const mean = (xs: number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;
  const mx = mean(points.map(([x]) => x));
  const my = mean(points.map(([, y]) => y));
  return points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
}

/** `count` calls of `fn`, at most `parallel` at a time, results in order. */
async function inBatches<T>(parallel: number, count: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += parallel) out.push(...(await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, (_, j) => fn(i + j)))));
  return out;
}
