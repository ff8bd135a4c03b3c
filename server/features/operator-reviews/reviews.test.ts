// The operator's review queue and the providers' missed promises, over HTTP on either database
// (docs/decisions/049-missed-promises-and-refunds.md): open cases of every kind with their
// evidence, uphold or dismiss once with a note, and three missed promises in 30 days flag a provider.
import request from "supertest";
import { describe, expect, it } from "vitest";
import type { AdminProvider, Page } from "../../../shared/admin";
import type { AdminReview } from "../../../shared/operator-reviews";
import { REVIEW_MESSAGES } from "../../../shared/operator-reviews";
import { operatorReviews, type OperatorReviewKind } from "../../../shared/schema";
import { createPurchase, createUser } from "../../setup/factories";
import { useOperatorApp } from "../../test/sign-in";

const clock = new Date("2026-11-23T01:00:00.000Z");
const daysAgo = (d: number) => new Date(clock.getTime() - d * 86_400_000);
const ctx = useOperatorApp({ now: () => clock, startAlertWorker: false });

async function openCase(kind: OperatorReviewKind | "a_kind_from_later", evidence: Record<string, unknown>, buyerId?: number) {
  const buyer = buyerId ?? (await createUser(ctx.db, { firstName: "Dave", lastName: "Spark", companyName: "Sparkright Electrical" })).id;
  const purchase = await createPurchase(ctx.db, buyer, { lead: { suburb: "Parramatta", state: "NSW" } });
  const [row] = await ctx.db
    .insert(operatorReviews)
    .values({ purchaseId: purchase.id, kind: kind as OperatorReviewKind, evidence, createdAt: daysAgo(1) })
    .returning();
  return { review: row!, purchase };
}

const queue = async (status = "open") => {
  const res = await request(ctx.server).get(`/api/admin/reviews?status=${status}&limit=200`).set("Authorization", ctx.auth);
  expect(res.status).toBe(200);
  return res.body as Page<AdminReview>;
};
const decide = (id: number, body: object) => request(ctx.server).post(`/api/admin/reviews/${id}/decision`).set("Authorization", ctx.auth).send(body);

describe("the review queue", () => {
  it("when cases of any kind are open, then each is listed with both sides' records, the provider and the job", async () => {
    const notContacted = await openCase("not_contacted", { attempts: [{ channel: "call", outcome: "no_answer", at: daysAgo(1).toISOString() }] });
    const wrongNumber = await openCase("wrong_number_verified", { phoneVerifiedAt: daysAgo(2).toISOString() });
    const unknownKind = await openCase("a_kind_from_later", { note: "shown all the same" });
    const page = await queue();
    const byId = new Map(page.items.map((r) => [r.id, r]));
    expect(byId.get(notContacted.review.id)).toMatchObject({
      kind: "not_contacted",
      status: "open",
      evidence: { attempts: [{ channel: "call", outcome: "no_answer" }] },
      provider: { name: "Dave Spark", companyName: "Sparkright Electrical" },
      lead: { suburb: "Parramatta", state: "NSW" },
      purchase: { id: notContacted.purchase.id, amountPaid: "40.00" },
    });
    expect(byId.get(wrongNumber.review.id)?.kind).toBe("wrong_number_verified");
    expect(byId.get(unknownKind.review.id)?.evidence).toEqual({ note: "shown all the same" });
    // Never the customer's contact details: the case names the job, not the person. The phone is
    // matched whole, since a random job reference such as AE-630411E may hold its first digits.
    expect(JSON.stringify(page)).not.toMatch(/0411 ?222 ?333|karen@example\.com|Church St/);
  });

  it("when the operator upholds a case with a note, then it leaves the open queue once; a second decision is 409", async () => {
    const { review } = await openCase("not_contacted", {});
    const res = await decide(review.id, { verdict: "upheld", note: "  No call on the customer's phone bill  " });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: review.id, status: "upheld", note: "No call on the customer's phone bill", decidedAt: clock.toISOString() });
    expect((await queue()).items.map((r) => r.id)).not.toContain(review.id);
    expect((await queue("upheld")).items.map((r) => r.id)).toContain(review.id);
    const again = await decide(review.id, { verdict: "dismissed", note: "Changed my mind" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REVIEW_MESSAGES.decided);
  });

  it.each([[{ verdict: "upheld" }], [{ verdict: "upheld", note: "   " }], [{ verdict: "maybe", note: "x" }]])(
    "when the decision is %j, then 400",
    async (body) => {
      const { review } = await openCase("not_contacted", {});
      expect((await decide(review.id, body)).status).toBe(400);
    },
  );

  it("when the case does not exist, then 404", async () => {
    expect((await decide(2_000_000_000, { verdict: "dismissed", note: "x" })).status).toBe(404);
  });
});

describe("missed promises on the Providers tab", () => {
  it("when a provider missed three promises in 30 days (one upheld by the operator), then they show 3; older ones and dismissed cases do not count", async () => {
    const provider = await createUser(ctx.db, { companyName: "Late Sparks" });
    const missed = (days: number) => createPurchase(ctx.db, provider.id, { purchase: { releasedAt: daysAgo(days), releaseReason: "missed_promise" } });
    await missed(2);
    await missed(29);
    await missed(31);
    const upheld = await openCase("not_contacted", {}, provider.id);
    expect((await decide(upheld.review.id, { verdict: "upheld", note: "Customer's word and no log" })).status).toBe(200);
    const dismissed = await openCase("not_contacted", {}, provider.id);
    expect((await decide(dismissed.review.id, { verdict: "dismissed", note: "Call log shows three calls" })).status).toBe(200);
    const res = await request(ctx.server).get("/api/admin/providers?q=Late%20Sparks").set("Authorization", ctx.auth);
    const found = (res.body as Page<AdminProvider>).items.find((p) => p.id === provider.id);
    expect(found?.missedPromises).toBe(3);
    // The released purchases still count in what they spent: paid for and not refunded.
    expect(found?.purchaseCount).toBe(5);
  });
});
