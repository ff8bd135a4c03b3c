// A client of GET /api/leads/stream for tests and the benchmark: a real HTTP connection on a
// listening app, read event by event as a browser's EventSource would.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import type { Express } from "express";
import { TEST_PASSWORD } from "../setup/factories";

export interface StreamEvent {
  id: string | null;
  event: string;
  data: unknown;
  /** performance.now() when it arrived. */
  at: number;
}

/** The app on a free loopback port; `close` ends every connection, open streams included. */
export async function listenOn(app: Express) {
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The session cookie of a signed-in user, for plain fetch calls. */
export async function sessionCookie(baseUrl: string, username: string, password = TEST_PASSWORD) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export type MarketStream = Awaited<ReturnType<typeof openMarketStream>>;

/** Plain node:http rather than fetch: its web streams cost several times the CPU per chunk, which would skew the benchmark. */
export async function openMarketStream(baseUrl: string, cookie: string, options: { scope?: string; lastEventId?: string; acceptEncoding?: string } = {}) {
  const headers: Record<string, string> = { Cookie: cookie, Accept: "text/event-stream" };
  // Browsers send one: it must not lead the server to compress, and so hold back, the stream.
  if (options.acceptEncoding !== undefined) headers["Accept-Encoding"] = options.acceptEncoding;
  if (options.lastEventId !== undefined) headers["Last-Event-ID"] = options.lastEventId;
  const req = http.get(`${baseUrl}/api/leads/stream${options.scope ? `?scope=${options.scope}` : ""}`, { headers });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => req.once("response", resolve).once("error", reject));
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const stream = { status: res.statusCode!, headers: res.headers, events, comments: 0, lastEventId: null as string | null, ended: false };

  function parse(block: string) {
    let event = "message";
    let data: string | null = null;
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) stream.comments++;
      else if (line.startsWith("id: ")) stream.lastEventId = line.slice(4);
      else if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data = line.slice(6);
    }
    if (data !== null) events.push({ id: stream.lastEventId, event, data: JSON.parse(data), at: performance.now() });
  }

  let buffer = "";
  res.setEncoding("utf8");
  res.on("data", (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
    waiters.forEach((w) => w());
  });
  res.on("close", () => {
    stream.ended = true;
    waiters.forEach((w) => w());
  });
  res.on("error", () => {}); // close() cuts the connection on purpose

  /** Resolves with `value()` once it is defined, checked on every block received. */
  function until<T>(value: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = value();
        if (found === undefined && !stream.ended) return;
        clearTimeout(timer);
        waiters.delete(check);
        if (found !== undefined) resolve(found);
        else reject(new Error(`the stream ended before ${what}`));
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${what} in ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  return Object.assign(stream, {
    /** The first event, already received or still to come, that matches. */
    waitFor: (match: (e: StreamEvent) => boolean, timeoutMs = 5000) => until(() => events.find(match), timeoutMs, "matching event"),
    /** Once the stream has sent its starting id, a replay or a reset: it is live from here. */
    ready: (timeoutMs = 5000) => until(() => stream.lastEventId ?? undefined, timeoutMs, "starting id"),
    close: () => req.destroy(),
  });
}
