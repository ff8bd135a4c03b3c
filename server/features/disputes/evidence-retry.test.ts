// A dispute's evidence after a failed try (docs/decisions/094-dispute-evidence.md), through the real
// `stripe` SDK against the local stand-in, which keeps each key's first answer as Stripe does, a 500
// included: the next try, the operator's or the sweep's, first reads the dispute back from Stripe,
// records what it says, and when the dispute still waits goes under a new key, with the note the
// operator's failed try carried.
import { describe, expect, it } from "vitest";
import { EVIDENCE_MESSAGES, type DisputeEvidenceView } from "../../../shared/dispute-evidence";
import { createStripeClient } from "../../platform/payments/stripe-gateway";
import { evidenceTestbed, HOUR } from "./test/evidence-bed";

const { bed, disputedPurchase, evidenceOf, rowOf, send, submissionsOf } = evidenceTestbed();
const DISPUTE_PATH = /^\/v1\/disputes\//;
const callsTo = (disputeId: string, method: "GET" | "POST") => bed.fake.calls.filter((c) => c === `${method} /v1/disputes/${disputeId}`).length;

describe("after a try Stripe refused", () => {
  it("says Stripe's words, and the next try is a new request", async () => {
    const { row, dispute } = await disputedPurchase(5 * 24 * HOUR);
    // Stripe has it under review already (its event not yet here): the update is refused.
    bed.fake.disputeDesk.disputes.get(dispute.id)!.status = "under_review";
    const refused = await send(row.id).expect(502);
    expect(refused.body.message).toMatch(/^Stripe did not take the evidence: .*under review/);
    expect(await rowOf(dispute.id)).toMatchObject({ evidenceFailures: 1, evidenceSubmittedAt: null });
    bed.fake.disputeDesk.disputes.get(dispute.id)!.status = "needs_response";
    await send(row.id).expect(200);
    expect(submissionsOf(dispute.id).map((s) => s.idempotencyKey)).toEqual([`dispute-evidence:${dispute.id}:1`]);
  });
});

describe("after a try with no answer", () => {
  it("when Stripe's 500 is kept under the try's key, then the next try reads the dispute back and goes under a new key", async () => {
    const { row, dispute } = await disputedPurchase(5 * 24 * HOUR);
    bed.fake.failNext(2, { path: DISPUTE_PATH });
    expect((await send(row.id).expect(502)).body.message).toBe(EVIDENCE_MESSAGES.noAnswer);
    const failed = await rowOf(dispute.id);
    expect(failed).toMatchObject({ evidenceFailures: 1, evidenceSubmittedAt: null, evidenceTriedBy: "operator" });
    expect(failed!.evidenceError).toBeTruthy();
    await send(row.id).expect(200);
    expect(callsTo(dispute.id, "GET")).toBe(1);
    expect(submissionsOf(dispute.id).map((s) => s.idempotencyKey)).toEqual([`dispute-evidence:${dispute.id}:1`]);
  });

  it("when the operator's try went in but its answer was lost, then the sweep finds it sent by the operator and sends nothing more", async () => {
    const { row, dispute } = await disputedPurchase(23 * HOUR);
    bed.fake.failNext(2, { path: DISPUTE_PATH, afterApplying: true });
    expect((await send(row.id).expect(502)).body.message).toBe(EVIDENCE_MESSAGES.noAnswer);
    const failedAt = (await rowOf(dispute.id))!.evidenceFailedAt;
    await bed.ctx.app.alerts.runOnce();
    expect(await rowOf(dispute.id)).toMatchObject({ evidenceSubmittedBy: "operator", evidenceSubmittedAt: failedAt, evidenceError: null });
    expect(submissionsOf(dispute.id)).toHaveLength(1);
    // The try and the SDK's own retry of it; after that only the read back.
    expect(callsTo(dispute.id, "POST")).toBe(2);
    expect(callsTo(dispute.id, "GET")).toBe(1);
    expect((await send(row.id).expect(409)).body.message).toBe(EVIDENCE_MESSAGES.alreadySent);
  });

  it("when Stripe closed the dispute without our evidence meanwhile, then that is recorded and nothing is tried again", async () => {
    const { row, dispute } = await disputedPurchase(5 * 24 * HOUR);
    bed.fake.failNext(2, { path: DISPUTE_PATH });
    await send(row.id).expect(502);
    bed.fake.disputeDesk.disputes.get(dispute.id)!.status = "lost";
    expect((await send(row.id).expect(409)).body.message).toBe(EVIDENCE_MESSAGES.closedAtStripe("lost"));
    expect(await rowOf(dispute.id)).toMatchObject({ status: "lost", evidenceSubmittedAt: null, evidenceError: EVIDENCE_MESSAGES.closedAtStripe("lost") });
    expect((await send(row.id).expect(409)).body.message).toBe(EVIDENCE_MESSAGES.closed);
    expect(callsTo(dispute.id, "POST")).toBe(2);
  });

  it("when Stripe cannot say whether it went in, then nothing more is sent", async () => {
    const { row, dispute } = await disputedPurchase(5 * 24 * HOUR);
    bed.fake.failNext(2, { path: DISPUTE_PATH });
    await send(row.id).expect(502);
    bed.fake.failNext(2, { path: DISPUTE_PATH });
    expect((await send(row.id).expect(502)).body.message).toBe(EVIDENCE_MESSAGES.notReadBack);
    expect(callsTo(dispute.id, "POST")).toBe(2);
    expect(await rowOf(dispute.id)).toMatchObject({ evidenceFailures: 1, evidenceSubmittedAt: null });
    await send(row.id).expect(200);
    expect(submissionsOf(dispute.id).map((s) => s.idempotencyKey)).toEqual([`dispute-evidence:${dispute.id}:1`]);
  });
});

describe("the operator's note, and a key Stripe already holds", () => {
  it("when the operator's try fails, then the note is kept and the sweep's next try sends it", async () => {
    const { row, dispute } = await disputedPurchase(23 * HOUR);
    const note = "The buyer rang the customer twice on the day.";
    bed.fake.failNext(2, { path: DISPUTE_PATH });
    await send(row.id, { note }).expect(502);
    const pack = (await evidenceOf(row.id).expect(200)).body as DisputeEvidenceView;
    expect(pack).toMatchObject({ note, submittedAt: null, error: expect.any(String) });
    expect(pack.fields.find((f) => f.field === "uncategorized_text")!.text).toContain(note);
    await bed.ctx.app.alerts.runOnce();
    const [submission, ...more] = submissionsOf(dispute.id);
    expect(more).toHaveLength(0);
    expect(submission).toMatchObject({ idempotencyKey: `dispute-evidence:${dispute.id}:1` });
    expect(submission!.evidence.uncategorized_text).toContain(note);
    expect(await rowOf(dispute.id)).toMatchObject({ evidenceSubmittedBy: "automatic", evidenceNote: note });
  });

  it("when Stripe answers an idempotency_error, then its words are kept and shown, and the next try goes under a new key", async () => {
    const { row, dispute } = await disputedPurchase(5 * 24 * HOUR);
    // The first try's key, already used at Stripe for another request.
    const stripe = createStripeClient("sk_test_fake", bed.fake.connection);
    await stripe.disputes.update(dispute.id, { metadata: { other: "request" } }, { idempotencyKey: `dispute-evidence:${dispute.id}:0` });
    const refused = await send(row.id).expect(502);
    expect(refused.body.message).toMatch(/^Stripe did not take the evidence: Keys for idempotent requests can only be used with the same parameters/);
    expect(((await evidenceOf(row.id).expect(200)).body as DisputeEvidenceView).error).toMatch(/^Keys for idempotent requests/);
    expect(await rowOf(dispute.id)).toMatchObject({ evidenceFailures: 1, evidenceSubmittedAt: null });
    await send(row.id).expect(200);
    expect(submissionsOf(dispute.id).map((s) => s.idempotencyKey)).toEqual([`dispute-evidence:${dispute.id}:1`]);
  });
});
