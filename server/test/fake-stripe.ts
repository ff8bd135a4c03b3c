// A small fake of the Stripe API for tests: the real `stripe` SDK talks to it over HTTP
// (host/port/protocol options), so requests, metadata and amounts are checked for real.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  status: "requires_payment_method" | "requires_capture" | "succeeded" | "canceled";
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
}

/** "metadata[leadId]=1&amount=4000" -> { metadata: { leadId: "1" }, amount: "4000" } */
function parseForm(body: string) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^(\w+)\[(\w+)\]$/.exec(key);
    if (match) {
      const group = (out[match[1]!] ??= {}) as Record<string, string>;
      group[match[2]!] = value;
    } else out[key] = value;
  }
  return out;
}

export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const refunds: Array<{ payment_intent: string; amount?: number }> = [];
  /** The Idempotency-Key of each recorded refund, in the same order as `refunds`. */
  const refundKeys: Array<string | undefined> = [];
  const refundsByKey = new Map<string, unknown>();
  const calls: string[] = [];
  let seq = 0;
  let failure = { count: 0, path: /./, afterApplying: false };

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const form = parseForm(body);
      const path = (req.url ?? "").split("?")[0]!;
      calls.push(`${req.method} ${path}`);
      let send = (status: number, json: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${seq}` });
        res.end(JSON.stringify(json));
      };
      const fail = (message: string) => send(400, { error: { type: "invalid_request_error", message } });
      if (failure.count > 0 && failure.path.test(path)) {
        failure.count--;
        const answer = send;
        const outage = () => answer(500, { error: { type: "api_error", message: "Stripe is having a bad day" } });
        if (!failure.afterApplying) return outage();
        // The request takes effect at "Stripe", but its answer is lost on the way back.
        send = outage;
      }
      const found = /^\/v1\/payment_intents\/(\w+)(?:\/(capture|cancel))?$/.exec(path);

      if (req.method === "POST" && path === "/v1/payment_intents") {
        const id = `pi_fake_${++seq}`;
        const intent: FakeIntent = {
          id,
          object: "payment_intent",
          amount: Number(form.amount),
          amount_capturable: 0,
          amount_received: 0,
          currency: String(form.currency),
          capture_method: String(form.capture_method ?? "automatic"),
          status: "requires_payment_method",
          client_secret: `${id}_secret_test`,
          description: (form.description as string) ?? null,
          metadata: (form.metadata as Record<string, string>) ?? {},
        };
        intents.set(id, intent);
        return send(200, intent);
      }
      if (found) {
        const intent = intents.get(found[1]!);
        if (!intent) return send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
        if (req.method === "GET") return send(200, intent);
        if (found[2] === "capture") {
          if (intent.status !== "requires_capture") return fail("This PaymentIntent could not be captured");
          const amount = Number(form.amount_to_capture ?? intent.amount_capturable);
          if (amount > intent.amount_capturable) return fail("amount_to_capture is greater than amount_capturable");
          Object.assign(intent, { status: "succeeded", amount_received: amount, amount_capturable: 0 });
          return send(200, intent);
        }
        if (found[2] === "cancel") {
          if (intent.status === "succeeded") return fail("You cannot cancel this PaymentIntent");
          Object.assign(intent, { status: "canceled", amount_capturable: 0 });
          return send(200, intent);
        }
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        // Like Stripe: a repeated Idempotency-Key gets the first answer and refunds nothing more.
        const key = req.headers["idempotency-key"] as string | undefined;
        if (key && refundsByKey.has(key)) return send(200, refundsByKey.get(key));
        const refund = { payment_intent: String(form.payment_intent), amount: form.amount ? Number(form.amount) : undefined };
        refunds.push(refund);
        refundKeys.push(key);
        const answer = { id: `re_${++seq}`, object: "refund", status: "succeeded", ...refund };
        if (key) refundsByKey.set(key, answer);
        return send(200, answer);
      }
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    connection: { host: "127.0.0.1", port, protocol: "http" as const },
    intents,
    refunds,
    refundKeys,
    calls,
    /**
     * The next `count` requests whose path matches get a 500 api_error (the SDK retries once:
     * use 2 to fail one call). `afterApplying`: the request still takes effect first.
     */
    failNext(count: number, options: { path?: RegExp; afterApplying?: boolean } = {}) {
      failure = { count, path: options.path ?? /./, afterApplying: options.afterApplying ?? false };
    },
    /** What Stripe.js does in the browser when the buyer confirms the card. */
    confirmCard(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      Object.assign(intent, { status: "requires_capture", amount_capturable: intent.amount });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
