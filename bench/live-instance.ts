// One app instance for bench/live-delivery.ts, run as its own process so its memory can be
// measured: BENCH_INSTANCE_DATABASE_URL names the shared PostgreSQL. Talks to the parent
// over IPC: says its port, answers "memory" with its memory and CPU time, stops on "stop".
import type { AddressInfo } from "node:net";
import { createApp } from "../server/app";
import { loadConfig } from "../server/platform/config";
import { openDatabase } from "../server/platform/db/client";

const database = await openDatabase({ url: process.env.BENCH_INSTANCE_DATABASE_URL });
const config = loadConfig({ NODE_ENV: "test", RATE_LIMIT_LOGIN_PER_IP: "100000", RATE_LIMIT_LOGIN_PER_USERNAME: "100000" });
const app = createApp({ database, config });
const server = app.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as AddressInfo).port }));

process.on("message", async (message) => {
  if (message === "memory") {
    // After a full collection, so the figures are live memory, not garbage not yet swept.
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed, external } = process.memoryUsage();
    const { user, system } = process.cpuUsage();
    process.send!({ memory: { rss, heap: heapUsed + external, cpuMs: (user + system) / 1000 } });
  }
  if (message === "stop") {
    server.closeAllConnections();
    server.close();
    await app.close();
    await database.close();
    process.exit(0);
  }
});
