// Sending a dispute's evidence to Stripe (docs/decisions/094-dispute-evidence.md): a file goes to
// Stripe's Files API (purpose dispute_evidence), then the evidence fields and `submit` in one
// update of the dispute. Each call carries the caller's idempotency key. After a try whose answer
// was lost, the dispute is read back: whether that try went in is Stripe's to say.
import Stripe from "stripe";
import type { DisputeStatus } from "../../../shared/schema";
import { stripeDisputeReadBack } from "../../../shared/stripe-disputes";

export interface EvidenceFile {
  data: Buffer;
  name: string;
}

/** A dispute as Stripe's API shows it now: its status, evidence staged, and how many times evidence was submitted. */
export interface DisputeAtStripe {
  status: DisputeStatus;
  hasEvidence: boolean;
  submissions: number;
}

export interface DisputeEvidenceGateway {
  /** The uploaded file's id ("file_..."), for an evidence field such as `receipt`. */
  uploadFile(file: EvidenceFile, idempotencyKey: string, account?: string): Promise<string>;
  /** The evidence, submitted: after this Stripe takes no more for the dispute. `account`: a connected account's dispute. */
  submit(disputeId: string, evidence: Record<string, string>, idempotencyKey: string, account?: string): Promise<void>;
  /** The dispute read back from Stripe (GET /v1/disputes/:id). */
  readBack(disputeId: string, account?: string): Promise<DisputeAtStripe>;
}

/**
 * Stripe answered and refused it (`refused`: an invalid request, e.g. the dispute no longer takes
 * evidence, or an idempotency key already used with other parameters), or gave no answer to trust
 * (a timeout, a connection or API error: it may have taken it). Stripe's own words, for the operator and the log.
 */
export class EvidenceNotTaken extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
  }
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    // An idempotency_error is an answer too: the same key with these parameters is only refused again.
    if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeIdempotencyError) {
      throw new EvidenceNotTaken(err.message, true);
    }
    if (err instanceof Stripe.errors.StripeError) throw new EvidenceNotTaken(err.message, false);
    throw err;
  }
}

export function createDisputeEvidenceGateway(stripe: Stripe): DisputeEvidenceGateway {
  return {
    async uploadFile(file, idempotencyKey, account) {
      const made = await call(() =>
        stripe.files.create(
          { purpose: "dispute_evidence", file: { data: file.data, name: file.name, type: "application/pdf" } },
          { idempotencyKey, stripeAccount: account },
        ),
      );
      return made.id;
    },
    async submit(disputeId, evidence, idempotencyKey, account) {
      await call(() => stripe.disputes.update(disputeId, { evidence, submit: true }, { idempotencyKey, stripeAccount: account }));
    },
    async readBack(disputeId, account) {
      const found = stripeDisputeReadBack.safeParse(await call(() => stripe.disputes.retrieve(disputeId, {}, { stripeAccount: account })));
      if (!found.success) throw new EvidenceNotTaken("Stripe's dispute could not be read", false);
      const { status, evidence_details: details } = found.data;
      return { status, hasEvidence: details.has_evidence, submissions: details.submission_count };
    },
  };
}
