// The disputes part of the Stripe stand-in (server/test/fake-stripe.ts): disputes as Stripe's API
// shows them, files uploaded for evidence (multipart/form-data, purpose dispute_evidence) and the
// dispute's update that submits evidence (`evidence[...]`, `submit=true`), refused as Stripe
// refuses it once the dispute no longer waits for evidence, and the dispute read back
// (docs/decisions/094-dispute-evidence.md).

export interface FakeDispute {
  id: string;
  object: "dispute";
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: string;
  evidence: Record<string, string>;
  evidence_details: { due_by: number | null; has_evidence: boolean; past_due: boolean; submission_count: number };
  created: number;
}

export interface FakeFile {
  id: string;
  object: "file";
  purpose: string;
  filename: string;
  size: number;
  type: string;
  /** The upload's first bytes, as text: "%PDF-" for a PDF. */
  head: string;
}

type Send = (status: number, json: unknown) => void;

/** The parts of a multipart/form-data body: each field's value, and the one file's bytes and name. */
function multipart(raw: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const fields: Record<string, string> = {};
  let file: { name: string; type: string; data: Buffer } | undefined;
  if (!boundary) return { fields, file };
  const text = raw.toString("latin1");
  for (const part of text.split(`--${boundary[1] ?? boundary[2]}`)) {
    const split = part.indexOf("\r\n\r\n");
    if (split < 0) continue;
    const head = part.slice(0, split);
    const body = part.slice(split + 4).replace(/\r\n$/, "");
    const name = /name="([^"]+)"/.exec(head)?.[1];
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (!name) continue;
    if (filename !== undefined) file = { name: filename, type: /Content-Type: ([^\r\n]+)/i.exec(head)?.[1] ?? "", data: Buffer.from(body, "latin1") };
    else fields[name] = body;
  }
  return { fields, file };
}

const TAKES_EVIDENCE = ["needs_response", "warning_needs_response"];

export function createFakeDisputes() {
  const disputes = new Map<string, FakeDispute>();
  const files = new Map<string, FakeFile>();
  /** Each evidence submission Stripe took: the dispute, the account it was made on, the evidence and the request's Idempotency-Key. */
  const submissions: Array<{ disputeId: string; account: string | null; evidence: Record<string, string>; idempotencyKey?: string }> = [];
  let seq = 0;

  return {
    disputes,
    files,
    submissions,
    add(dispute: FakeDispute) {
      disputes.set(dispute.id, dispute);
    },
    /**
     * Answers the request when it is one of these (true), with `created` for what an
     * Idempotency-Key keeps. `form` is the urlencoded body as the fake parses it.
     */
    handle(
      req: { method: string; path: string; raw: Buffer; contentType: string; account: string | null; idempotencyKey?: string },
      form: Record<string, unknown>,
      send: Send,
      created: (json: unknown) => void,
    ): boolean {
      const invalid = (message: string, code?: string) => send(400, { error: { type: "invalid_request_error", message, ...(code ? { code } : {}) } });
      if (req.method === "POST" && req.path === "/v1/files") {
        const { fields, file } = multipart(req.raw, req.contentType);
        if (!file || file.data.length === 0) return (invalid("Missing required param: file."), true);
        if (fields.purpose !== "dispute_evidence") return (invalid("This fake keeps only dispute_evidence files"), true);
        const made: FakeFile = {
          id: `file_fake_${++seq}`,
          object: "file",
          purpose: fields.purpose,
          filename: file.name,
          size: file.data.length,
          type: file.type,
          head: file.data.subarray(0, 5).toString("latin1"),
        };
        files.set(made.id, made);
        created(made);
        return true;
      }
      const update = /^\/v1\/disputes\/(\w+)$/.exec(req.path);
      if ((req.method !== "POST" && req.method !== "GET") || !update) return false;
      const dispute = disputes.get(update[1]!);
      if (!dispute)
        return (send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such dispute: '${update[1]}'` } }), true);
      if (req.method === "GET") return (send(200, dispute), true);
      if (!TAKES_EVIDENCE.includes(dispute.status)) return (invalid("This dispute is already closed or under review; it takes no more evidence."), true);
      const evidence = (form.evidence as Record<string, string> | undefined) ?? {};
      for (const field of ["receipt", "service_documentation", "customer_communication", "uncategorized_file", "refund_policy"]) {
        const id = evidence[field];
        if (id && files.get(id)?.purpose !== "dispute_evidence") return (invalid(`No such file upload: '${id}'`, "resource_missing"), true);
      }
      const tooLong = Object.entries(evidence).find(([, text]) => text.length > 20_000);
      if (tooLong) return (invalid(`evidence[${tooLong[0]}] is longer than 20,000 characters`), true);
      dispute.evidence = { ...dispute.evidence, ...evidence };
      if (form.submit === "true") {
        dispute.status = dispute.status.startsWith("warning_") ? "warning_under_review" : "under_review";
        dispute.evidence_details = { ...dispute.evidence_details, has_evidence: true, submission_count: dispute.evidence_details.submission_count + 1 };
        submissions.push({ disputeId: dispute.id, account: req.account, evidence, idempotencyKey: req.idempotencyKey });
      }
      created(dispute);
      return true;
    },
  };
}
