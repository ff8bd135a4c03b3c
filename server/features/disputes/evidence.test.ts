// A disputed lead purchase's evidence (docs/decisions/094-dispute-evidence.md) through the real
// `stripe` SDK against the local stand-in (server/test/fake-stripe.ts): the pack the operator
// reviews (the lead as the buyer saw it before and after, the contact log, the customer's actions,
// never the customer's phone, e-mail, street or surname), sent once with our tax invoice as the
// receipt, and the platform's own send 24 hours before the deadline from the worker's sweep. A
// failed try and the next: evidence-retry.test.ts.
import { eq } from "drizzle-orm";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { AUTO_SUBMIT_BEFORE_DUE_MS, EVIDENCE_MESSAGES, type DisputeEvidenceView } from "../../../shared/dispute-evidence";
import type { DisputeView } from "../../../shared/disputes";
import { leads, paymentDisputes } from "../../../shared/schema";
import { firstNameWord } from "./evidence";
import { evidenceTestbed, HOUR } from "./test/evidence-bed";

const { bed, disputedPurchase, evidenceOf, send, submissionsOf } = evidenceTestbed();

describe("the evidence pack the operator reviews", () => {
  it("shows the lead as bought and used, with no customer contact detail", async () => {
    const { row, purchase } = await disputedPurchase(5 * 24 * HOUR);
    const res = await evidenceOf(row.id).expect(200);
    const pack = res.body as DisputeEvidenceView;
    const text = pack.fields.map((f) => f.text).join("\n");
    expect(pack.fields.map((f) => f.field)).toEqual(
      expect.arrayContaining([
        "product_description",
        "customer_name",
        "customer_email_address",
        "service_date",
        "access_activity_log",
        "refund_policy_disclosure",
      ]),
    );
    expect(text).toContain("Parramatta NSW 2150");
    expect(text).toMatch(/Call, no answer/);
    expect(text).toMatch(/Call, reached/);
    expect(text).toContain("Dave Wilson");
    expect(text).toContain("$52.00");
    // What the card network must never get of the customer.
    expect(text.indexOf("bought the lead")).toBeLessThan(text.indexOf("Call, no answer"));
    for (const secret of ["0412", "04•", "Mary", "345 678", "Wallaby", "O'Neil", "Neil-Smith", "oneilsmith", "gmail", "4821", "four eight"])
      expect(text).not.toContain(secret);
    expect(pack.open).toBe(true);
    expect(new Date(pack.autoSubmitAt!).getTime()).toBe(new Date(pack.dueBy!).getTime() - AUTO_SUBMIT_BEFORE_DUE_MS);
    expect(pack.files[0]).toMatchObject({ field: "receipt" });
    const [lead] = await bed.ctx.db.select().from(leads).where(eq(leads.id, purchase.leadId));
    expect(text).toContain(lead!.jobReference);
  });

  it("is refused for a charge we hold no record of, and unknown disputes are 404", async () => {
    const [connect] = await bed.ctx.db
      .insert(paymentDisputes)
      .values({
        stripeDisputeId: "dp_connect_evidence",
        stripeAccount: "acct_1",
        chargeId: "ch_1",
        amountCents: 1000,
        currency: "aud",
        reason: "fraudulent",
        status: "needs_response",
        changedAt: new Date(),
      })
      .returning();
    expect((await evidenceOf(connect!.id).expect(409)).body.message).toBe(EVIDENCE_MESSAGES.notOurs);
    expect((await send(connect!.id).expect(409)).body.message).toBe(EVIDENCE_MESSAGES.notOurs);
    await evidenceOf(999_999).expect(404);
    expect((await send(1, { note: "x".repeat(2001) }).expect(400)).body.message).toBeTruthy();
  });
});

describe("sending it", () => {
  it("goes once, with the operator's note and our tax invoice as the receipt", async () => {
    const { row, dispute } = await disputedPurchase(5 * 24 * HOUR);
    const sent = (await send(row.id, { note: "The buyer called the customer twice on the day." }).expect(200)).body as DisputeEvidenceView;
    expect(sent).toMatchObject({ submittedBy: "operator", open: false, autoSubmitAt: null, note: "The buyer called the customer twice on the day." });
    const [submission, ...more] = submissionsOf(dispute.id);
    expect(more).toHaveLength(0);
    expect(submission!.evidence.uncategorized_text).toContain("The buyer called the customer twice on the day.");
    expect(submission!.evidence.product_description).toContain("exclusive sales lead");
    const receipt = bed.fake.disputeDesk.files.get(submission!.evidence.receipt!);
    expect(receipt).toMatchObject({ purpose: "dispute_evidence", head: "%PDF-", type: "application/pdf" });
    expect(bed.fake.disputeDesk.disputes.get(dispute.id)!.status).toBe("under_review");
    expect((await send(row.id).expect(409)).body.message).toBe(EVIDENCE_MESSAGES.alreadySent);
    expect(submissionsOf(dispute.id)).toHaveLength(1);
    const listed = ((await request(bed.ctx.server).get("/api/admin/disputes").set("Authorization", bed.auth)).body.items as DisputeView[]).find(
      (d) => d.id === row.id,
    );
    expect(listed!.evidence).toMatchObject({ submittedBy: "operator", autoSubmitAt: null, error: null });
  });

  it("is refused once the dispute no longer takes evidence", async () => {
    const { row, dispute } = await disputedPurchase(5 * 24 * HOUR, "under_review");
    expect((await send(row.id).expect(409)).body.message).toBe(EVIDENCE_MESSAGES.closed);
    expect(submissionsOf(dispute.id)).toHaveLength(0);
  });
});

describe("the platform's own send, 24 hours before the deadline", () => {
  it("sends what is due within a day, once, and leaves the rest to the operator", async () => {
    const due = await disputedPurchase(23 * HOUR);
    const later = await disputedPurchase(30 * HOUR);
    await bed.ctx.app.alerts.runOnce();
    await bed.ctx.app.alerts.runOnce();
    expect(submissionsOf(due.dispute.id)).toHaveLength(1);
    expect(submissionsOf(later.dispute.id)).toHaveLength(0);
    const [row] = await bed.ctx.db.select().from(paymentDisputes).where(eq(paymentDisputes.id, due.row.id));
    expect(row).toMatchObject({ evidenceSubmittedBy: "automatic", evidenceNote: null });
    expect((await send(due.row.id).expect(409)).body.message).toBe(EVIDENCE_MESSAGES.alreadySent);
  });
});

describe("the customer's first name in the lead as listed", () => {
  it("is masked as a whole word whatever its letters, and a name the market does not show masks nothing", () => {
    const hide = (name: string, text: string) => text.replace(firstNameWord(name), "#");
    expect(hide("D'Arcy", "Ask D'Arcy or d'arcy at the door")).toBe("Ask # or # at the door");
    expect(hide("Zoe\u0308", "Zoe\u0308 is home; Zoey is not")).toBe("# is home; Zoey is not");
    expect(hide("प्रिया", "Hi, प्रिया here")).toBe("Hi, # here");
    expect(hide("Jean-Luc", "call Jean-Luc")).toBe("call #");
    expect(hide("Customer", "the customer will be home")).toBe("the customer will be home");
  });
});
