// A dispute's evidence after a failed try (docs/decisions/094-dispute-evidence.md), through the real
// `stripe` SDK against the local stand-in, which keeps each key's first answer as Stripe does, a 500
// included: the next try, the operator's or the sweep's, first reads the dispute back from Stripe,
// records what it says, and when the dispute still waits goes under a new key.
import { describe, expect, it } from "vitest";
import { EVIDENCE_MESSAGES } from "../../../shared/dispute-evidence";
import { evidenceTestbed, HOUR } from "./test/evidence-bed";

const { bed, disputedPurchase, rowOf, send, submissionsOf } = evidenceTestbed();
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
