// A small fake of the Stripe API for tests: the real `stripe` SDK talks to it over HTTP
// (host/port/protocol options), so requests, metadata and amounts are checked for real. It speaks
// Connect too (docs/decisions/056): Express accounts, account links, PaymentIntents and refunds on
// a connected account chosen by the `Stripe-Account` header, and Connect events signed as Stripe
// signs them (`Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`). It
// keeps each Idempotency-Key's first answer as Stripe does (fake-stripe-keys.ts).
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createFakeDisputes, type FakeDispute } from "./fake-stripe-disputes";
import { createIdempotencyKeys, requestOf } from "./fake-stripe-keys";

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
  /** An off-session charge of a saved card: the customer and card it was made on, and `off_session`. */
  customer?: string | null;
  payment_method?: string | null;
  off_session?: boolean;
}

export interface FakeAccount {
  id: string;
  object: "account";
  type: string;
  country: string;
  email: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  metadata: Record<string, string>;
}

/** Auto-buy's saved cards (docs/decisions/063-auto-buy-orders.md): a customer per owner, a SetupIntent per order. */
export interface FakeSetupIntent {
  id: string;
  object: "setup_intent";
  client_secret: string;
  customer: string | null;
  usage: string;
  status: "requires_payment_method" | "succeeded" | "canceled";
  /** An id, or the object itself when asked with `expand[]=payment_method`. */
  payment_method: string | null;
  payment_method_types: string[];
  metadata: Record<string, string>;
}

export interface FakePaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
}

/** Stripe's webhook signature: `t=<seconds>,v1=<hex HMAC-SHA256 over "<t>.<payload>" with the endpoint's secret>`. */
export function stripeSignature(payload: string, secret: string, at = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac("sha256", secret).update(`${at}.${payload}`, "utf8").digest("hex");
  return `t=${at},v1=${v1}`;
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
  /** Each refund asked for; `account` when it was made on a connected account. */
  const refunds: Array<{ payment_intent: string; amount?: number; account?: string }> = [];
  /** The Idempotency-Key of each recorded refund, in the same order as `refunds`. */
  const refundKeys: Array<string | undefined> = [];
  const accounts = new Map<string, FakeAccount>();
  /** The connected account each intent was created on (its `Stripe-Account` header); null: the platform's own. */
  const intentAccounts = new Map<string, string | null>();
  /** Every Idempotency-Key of a POST with its first answer, as Stripe keeps them (per account). */
  const keys = createIdempotencyKeys();
  const customers = new Map<string, { id: string; object: "customer"; email: string | null; metadata: Record<string, string> }>();
  const setupIntents = new Map<string, FakeSetupIntent>();
  const paymentMethods = new Map<string, FakePaymentMethod>();
  const calls: string[] = [];
  let eventSeq = 0;
  /** Each disputed PaymentIntent and its dispute's status when last made (see `dispute`). */
  const disputed = new Map<string, string>();
  /** Disputes as Stripe's API keeps them, evidence files and submissions (fake-stripe-disputes.ts). */
  const disputeDesk = createFakeDisputes();
  let seq = 0;
  let failure = { count: 0, path: /./, afterApplying: false, dropped: false };
  /** Saved cards the bank refuses, with Stripe's decline_code for each. */
  const declined = new Map<string, string>();
  /** Saved cards detached from their customer (in Stripe's dashboard, or by the bank's update). */
  const removed = new Set<string>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const body = raw.toString();
      const multipartBody = (req.headers["content-type"] ?? "").startsWith("multipart/form-data");
      const form = multipartBody ? {} : parseForm(body);
      const [path = "", query = ""] = (req.url ?? "").split("?");
      // A GET's parameters travel in the query string, encoded as a POST's body is.
      const asked = parseForm(query);
      calls.push(`${req.method} ${path}`);
      const respond = (status: number, json: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${seq}` });
        res.end(JSON.stringify(json));
      };
      const failing = failure.count > 0 && failure.path.test(path);
      if (failing) failure.count--;
      // The connection drops before the request reaches Stripe: nothing is done, nothing kept.
      if (failing && failure.dropped) return res.destroy();
      const outage = { error: { type: "api_error", message: "Stripe is having a bad day" } };
      const found = /^\/v1\/payment_intents\/(\w+)(?:\/(capture|cancel))?$/.exec(path);
      const onAccount = (req.headers["stripe-account"] as string | undefined) ?? null;
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      let keep = (_status: number, _json: unknown) => {};
      // Like Stripe: a POST's first answer is kept under its Idempotency-Key, and a repeat gets it
      // again (doing nothing), or an idempotency_error when its parameters differ.
      if (req.method === "POST" && idempotencyKey) {
        const request = requestOf(path, raw, req.headers["content-type"] ?? "");
        const repeated = keys.repeat(onAccount, idempotencyKey, request);
        if (repeated) return failing ? respond(500, outage) : respond(repeated.status, repeated.json);
        keep = (status, json) => keys.keep(onAccount, idempotencyKey, request, { status, json });
      }
      let send = (status: number, json: unknown) => {
        keep(status, json);
        respond(status, json);
      };
      const fail = (message: string) => send(400, { error: { type: "invalid_request_error", message } });
      // Stripe's API failed on it: the 500 is its answer, kept under its key as any other.
      if (failing && !failure.afterApplying) return send(500, outage);
      // The request takes effect at "Stripe", which keeps its answer, but the answer is lost on the way back.
      if (failing)
        send = (status, json) => {
          keep(status, json);
          respond(500, outage);
        };
      const created = (json: unknown) => send(200, json);
      const disputeRequest = { method: req.method ?? "", path, raw, contentType: req.headers["content-type"] ?? "", account: onAccount, idempotencyKey };
      if (disputeDesk.handle(disputeRequest, form, send, created)) {
        const made = /^\/v1\/disputes\/(\w+)$/.exec(path) && disputeDesk.disputes.get(path.split("/")[3]!);
        if (made) disputed.set(made.payment_intent, made.status);
        return;
      }
      if (onAccount && !accounts.has(onAccount)) {
        return send(403, { error: { type: "invalid_request_error", message: `The provided key does not have access to account '${onAccount}'` } });
      }
      const account = /^\/v1\/accounts\/(\w+)$/.exec(path);
      if (req.method === "POST" && path === "/v1/accounts") {
        if (form.type !== "express") return fail("This fake only makes Express accounts");
        const id = `acct_fake_${++seq}`;
        const made: FakeAccount = {
          id,
          object: "account",
          type: "express",
          country: String(form.country ?? "AU"),
          email: (form.email as string) ?? null,
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          metadata: (form.metadata as Record<string, string>) ?? {},
        };
        accounts.set(id, made);
        return created(made);
      }
      if (req.method === "GET" && account) {
        const found = accounts.get(account[1]!);
        return found ? send(200, found) : send(404, { error: { type: "invalid_request_error", message: "No such account" } });
      }
      if (req.method === "POST" && path === "/v1/account_links") {
        const id = String(form.account);
        if (!accounts.has(id)) return fail("No such account");
        if (form.type !== "account_onboarding" || !form.refresh_url || !form.return_url) return fail("Missing type, refresh_url or return_url");
        return created({
          object: "account_link",
          url: `https://connect.stripe.com/setup/e/${id}/fake_${++seq}`,
          created: Math.floor(Date.now() / 1000),
          expires_at: Math.floor(Date.now() / 1000) + 300,
          refresh_url: form.refresh_url,
          return_url: form.return_url,
        });
      }

      if (req.method === "POST" && path === "/v1/payment_intents") {
        const id = `pi_fake_${++seq}`;
        // Confirmed at once with a saved card (an auto-buy order's off-session charge): held, or refused as Stripe refuses it.
        const confirmNow = form.confirm === "true" && typeof form.payment_method === "string";
        if (confirmNow && removed.has(String(form.payment_method))) {
          return send(400, {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              param: "payment_method",
              message: `No such PaymentMethod: '${String(form.payment_method)}'`,
            },
          });
        }
        if (confirmNow && declined.has(String(form.payment_method))) {
          return send(402, {
            error: {
              type: "card_error",
              code: "card_declined",
              decline_code: declined.get(String(form.payment_method)),
              message: "Your card was declined.",
              payment_intent: { id, object: "payment_intent", status: "requires_payment_method" },
            },
          });
        }
        const intent: FakeIntent = {
          id,
          object: "payment_intent",
          amount: Number(form.amount),
          amount_capturable: 0,
          amount_received: 0,
          currency: String(form.currency),
          capture_method: String(form.capture_method ?? "automatic"),
          status: confirmNow && form.capture_method === "manual" ? "requires_capture" : "requires_payment_method",
          client_secret: `${id}_secret_test`,
          description: (form.description as string) ?? null,
          metadata: (form.metadata as Record<string, string>) ?? {},
          customer: (form.customer as string) ?? null,
          payment_method: (form.payment_method as string) ?? null,
          off_session: form.off_session === "true",
        };
        if (intent.status === "requires_capture") intent.amount_capturable = intent.amount;
        intents.set(id, intent);
        intentAccounts.set(id, onAccount);
        return created(intent);
      }
      if (found) {
        const intent = intents.get(found[1]!);
        // An intent lives on one account: asked for on another, Stripe knows no such intent.
        if (!intent || intentAccounts.get(intent.id) !== onAccount)
          return send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
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
      const noSuch = (what: string) => send(404, { error: { type: "invalid_request_error", message: `No such ${what}` } });
      if (req.method === "POST" && path === "/v1/customers") {
        const id = `cus_fake_${++seq}`;
        const customer = { id, object: "customer" as const, email: (form.email as string) ?? null, metadata: (form.metadata as Record<string, string>) ?? {} };
        customers.set(id, customer);
        return created(customer);
      }
      const customer = /^\/v1\/customers\/(\w+)$/.exec(path);
      if (req.method === "GET" && customer) return customers.has(customer[1]!) ? send(200, customers.get(customer[1]!)) : noSuch("customer");
      if (req.method === "POST" && path === "/v1/setup_intents") {
        if (form.customer && !customers.has(String(form.customer))) return fail(`No such customer: '${String(form.customer)}'`);
        const id = `seti_fake_${++seq}`;
        const intent: FakeSetupIntent = {
          id,
          object: "setup_intent",
          client_secret: `${id}_secret_test`,
          customer: (form.customer as string) ?? null,
          usage: String(form.usage ?? "off_session"),
          status: "requires_payment_method",
          payment_method: null,
          payment_method_types: Object.values((form.allowed_payment_method_types as Record<string, string>) ?? { 0: "card" }),
          metadata: (form.metadata as Record<string, string>) ?? {},
        };
        setupIntents.set(id, intent);
        return created(intent);
      }
      const setup = /^\/v1\/setup_intents\/(\w+)$/.exec(path);
      if (req.method === "GET" && setup) {
        const intent = setupIntents.get(setup[1]!);
        if (!intent) return noSuch("setup_intent");
        const expand = Object.values((asked.expand as Record<string, string>) ?? {});
        const method = expand.includes("payment_method") && intent.payment_method ? paymentMethods.get(intent.payment_method) : undefined;
        return send(200, method ? { ...intent, payment_method: method } : intent);
      }
      const method = /^\/v1\/payment_methods\/(\w+)$/.exec(path);
      if (req.method === "GET" && method) return paymentMethods.has(method[1]!) ? send(200, paymentMethods.get(method[1]!)) : noSuch("payment_method");
      if (req.method === "POST" && path === "/v1/refunds") {
        // Like Stripe: a charge under dispute, or lost to one, is not refunded.
        const dispute = disputed.get(String(form.payment_intent));
        if (dispute && dispute !== "won" && dispute !== "warning_closed") return fail("Charge ch_1 has been charged back; cannot issue a refund.");
        const refunded = intents.get(String(form.payment_intent));
        if (onAccount && (!refunded || intentAccounts.get(refunded.id) !== onAccount)) return fail("No such payment_intent");
        if (onAccount && refunded?.status !== "succeeded") return fail("This PaymentIntent has no successful charge to refund");
        const refund = {
          payment_intent: String(form.payment_intent),
          amount: form.amount ? Number(form.amount) : undefined,
          ...(onAccount ? { account: onAccount } : {}),
        };
        refunds.push(refund);
        refundKeys.push(idempotencyKey);
        const answer = { id: `re_${++seq}`, object: "refund", status: "succeeded", ...refund };
        return send(200, answer);
      }
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;

  /** An event as Stripe sends it: on a connected `account` or the platform's own, signed with the endpoint's secret. */
  function signedEvent(type: string, object: object, options: { account?: string; secret: string; id?: string; at?: number }) {
    const event = {
      id: options.id ?? `evt_fake_${++eventSeq}`,
      object: "event",
      api_version: "2026-10-28.endive",
      created: options.at ?? Math.floor(Date.now() / 1000),
      type,
      ...(options.account ? { account: options.account } : {}),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
    const payload = JSON.stringify(event);
    return { event, payload, signature: stripeSignature(payload, options.secret, options.at) };
  }

  return {
    connection: { host: "127.0.0.1", port, protocol: "http" as const },
    intents,
    intentAccounts,
    accounts,
    refunds,
    refundKeys,
    calls,
    customers,
    setupIntents,
    paymentMethods,
    /** What Stripe.js does when the owner saves a card with the Payment Element: the SetupIntent succeeds, the card attached to its customer. */
    confirmSetup(id: string, card: { brand?: string; last4?: string } = {}) {
      const intent = setupIntents.get(id);
      if (!intent) throw new Error(`no setup intent ${id}`);
      const pm: FakePaymentMethod = {
        id: `pm_fake_${++seq}`,
        object: "payment_method",
        type: "card",
        customer: intent.customer,
        card: { brand: card.brand ?? "visa", last4: card.last4 ?? "4242", exp_month: 12, exp_year: 2030 },
      };
      paymentMethods.set(pm.id, pm);
      return Object.assign(intent, { status: "succeeded", payment_method: pm.id });
    },
    /** Disputes, evidence files and evidence submissions as Stripe keeps them. */
    disputeDesk,
    /**
     * The next `count` requests whose path matches get a 500 api_error, kept under a POST's
     * Idempotency-Key as Stripe keeps it (the SDK retries once: use 2 to fail one call).
     * `afterApplying`: the request still takes effect first, and its own answer is the one kept.
     * `dropped`: the connection drops before the request reaches Stripe, which keeps nothing.
     */
    failNext(count: number, options: { path?: RegExp; afterApplying?: boolean; dropped?: boolean } = {}) {
      failure = { count, path: options.path ?? /./, afterApplying: options.afterApplying ?? false, dropped: options.dropped ?? false };
    },
    /** What Stripe.js does in the browser when the buyer confirms the card. */
    confirmCard(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      Object.assign(intent, { status: "requires_capture", amount_capturable: intent.amount });
    },
    /** The bank refuses this saved card from now on (Stripe's 402 card_error, code card_declined). */
    declineCard(paymentMethodId: string, declineCode = "insufficient_funds") {
      declined.set(paymentMethodId, declineCode);
    },
    /** The saved card is detached: Stripe answers 400 resource_missing when it is charged. */
    removeCard(paymentMethodId: string) {
      removed.add(paymentMethodId);
    },
    /** What the electrician does on Stripe's onboarding pages: the account's state as Stripe would set it. */
    updateAccount(id: string, state: Partial<Pick<FakeAccount, "charges_enabled" | "payouts_enabled" | "details_submitted">>) {
      const found = accounts.get(id);
      if (!found) throw new Error(`no account ${id}`);
      return Object.assign(found, state);
    },
    /** What Stripe.js does when the customer pays with the Payment Element (no manual capture): the charge succeeds. */
    payIntent(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      return Object.assign(intent, { status: "succeeded", amount_received: intent.amount, amount_capturable: 0 });
    },
    /**
     * A Connect event as Stripe sends it to a Connect endpoint: the `account` it happened on, the
     * object as it now is, and the `Stripe-Signature` header made with that endpoint's secret.
     */
    connectEvent(type: string, object: object, options: { account: string; secret: string; id?: string; at?: number }) {
      return signedEvent(type, object, options);
    },
    /** An event of the platform's own account, signed for the platform's endpoint. */
    platformEvent(type: string, object: object, options: { secret: string; id?: string; at?: number }) {
      return signedEvent(type, object, options);
    },
    /**
     * A dispute of the charge of this PaymentIntent, as Stripe's API shows it; Stripe then refuses
     * to refund the charge (charge_disputed) unless the dispute is won (docs/decisions/093-disputes.md).
     */
    dispute(intentId: string, state: { id?: string; status?: string; reason?: string; amount?: number; dueBy?: number | null } = {}) {
      const dispute: FakeDispute = {
        id: state.id ?? `dp_fake_${++seq}`,
        object: "dispute",
        amount: state.amount ?? intents.get(intentId)?.amount ?? 4000,
        currency: "aud",
        charge: `ch_of_${intentId}`,
        payment_intent: intentId,
        reason: state.reason ?? "fraudulent",
        status: state.status ?? "needs_response",
        evidence: {},
        evidence_details: {
          due_by: state.dueBy === undefined ? Math.floor(Date.now() / 1000) + 7 * 86400 : state.dueBy,
          has_evidence: false,
          past_due: false,
          submission_count: 0,
        },
        created: Math.floor(Date.now() / 1000),
      };
      disputed.set(intentId, dispute.status);
      disputeDesk.add(dispute);
      return dispute;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
