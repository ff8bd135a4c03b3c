// Idempotency keys in the Stripe stand-in (server/test/fake-stripe.ts) as Stripe keeps them
// (docs/decisions/094-dispute-evidence.md): a POST's first answer is kept under its key on its
// account, a 500 included, and a repeat with the same parameters gets that answer again; a repeat
// with other parameters is refused with a 400 `idempotency_error`, and that refusal is not kept.

export interface KeptAnswer {
  status: number;
  json: unknown;
}

/** What a request asks, to compare two made under one key: its path and its parameters (a multipart body without its random boundary). */
export function requestOf(path: string, raw: Buffer, contentType: string): string {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const body = raw.toString("latin1");
  return `${path}\n${boundary ? body.split(boundary[1] ?? boundary[2]!).join("") : body}`;
}

export function createIdempotencyKeys() {
  const kept = new Map<string, KeptAnswer & { request: string }>();
  const scoped = (account: string | null, key: string) => `${account ?? "platform"}:${key}`;
  return {
    /** The answer to a key used before: the kept one, or Stripe's refusal when the parameters differ. Undefined for a new key. */
    repeat(account: string | null, key: string, request: string): KeptAnswer | undefined {
      const first = kept.get(scoped(account, key));
      if (!first) return undefined;
      if (first.request === request) return { status: first.status, json: first.json };
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
      return { status: 400, json: { error: { type: "idempotency_error", message } } };
    },
    keep(account: string | null, key: string, request: string, answer: KeptAnswer) {
      if (!kept.has(scoped(account, key))) kept.set(scoped(account, key), { ...answer, request });
    },
  };
}
