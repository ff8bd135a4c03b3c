// A small load balancer for tests (docs/decisions/098-restarts-without-a-dropped-request.md): it
// sends each request to the next of its instances that its probe of GET /api/ready last found
// ready, keeps connections to them alive as a balancer does, and streams answers through as they
// come (the live market's events included). As nginx and cloud balancers do, a request that
// could not connect at all (refused: nothing was sent) goes to the next instance; any other
// failure is the client's to see, as a 502.
import http from "node:http";
import type { AddressInfo } from "node:net";

const PROBE_MS = 100;

export interface RoundRobinProxy {
  url: string;
  /** Adds an instance (its base URL); it gets traffic once a probe finds it ready. */
  add(base: string): void;
  /** Forgets an instance: no new request goes to it. */
  remove(base: string): void;
  /** Requests that went to the next instance because one refused the connection. */
  readonly retried: number;
  close(): Promise<void>;
}

interface Upstream {
  base: URL;
  ready: boolean;
}

export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  const upstreams: Upstream[] = [];
  const agent = new http.Agent({ keepAlive: true });
  let turn = 0;
  let retried = 0;

  async function probe(upstream: Upstream) {
    try {
      const res = await fetch(new URL("/api/ready", upstream.base), { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      upstream.ready = res.status === 200;
    } catch {
      upstream.ready = false;
    }
  }
  const probing = setInterval(() => upstreams.forEach((u) => void probe(u)), PROBE_MS);

  function next(tried: Set<Upstream>): Upstream | undefined {
    const ready = upstreams.filter((u) => u.ready && !tried.has(u));
    return ready.length === 0 ? undefined : ready[turn++ % ready.length];
  }

  function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tried: Set<Upstream>) {
    const upstream = next(tried);
    if (!upstream) {
      res.writeHead(503).end("no instance ready");
      return;
    }
    tried.add(upstream);
    const out = http.request(new URL(req.url!, upstream.base), { method: req.method, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
      // The instance ended a stream it was sending (a drain): the client sees its end and reconnects.
      answer.on("error", () => res.destroy());
    });
    out.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ECONNREFUSED" && !res.headersSent) {
        retried++;
        upstream.ready = false;
        forward(req, res, body, tried);
      } else if (!res.headersSent) res.writeHead(502).end(`upstream failed: ${err.code ?? err.message}`);
      else res.destroy();
    });
    // The client went away before the answer ended (a stream it closed): so does the request to the instance.
    res.on("close", () => {
      if (!res.writableFinished) out.destroy();
    });
    out.end(body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => forward(req, res, Buffer.concat(chunks), new Set()));
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    add(base) {
      const upstream = { base: new URL(base), ready: false };
      upstreams.push(upstream);
      void probe(upstream);
    },
    remove(base) {
      const at = upstreams.findIndex((u) => u.base.href === new URL(base).href);
      if (at >= 0) upstreams.splice(at, 1);
    },
    get retried() {
      return retried;
    },
    async close() {
      clearInterval(probing);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      agent.destroy();
    },
  };
}
