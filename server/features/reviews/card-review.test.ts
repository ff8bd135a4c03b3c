// The review on the electrician's pipeline card, over HTTP on either database (docs/decisions/
// 062-review-screens.md): GET /api/my-purchased-leads carries each job's review as the public
// sees it, with the owner's reply, to the owner and the team; a job without one carries null;
// and the operator's list answers in the shape the Reviews tab reads (shared/reviews-admin.ts).
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import type { PurchasedLead } from "../../../shared/pipeline";
import { publicReviewSchema, type JobReview } from "../../../shared/reviews";
import { adminCustomerReviewsResponse } from "../../../shared/reviews-admin";
import { createUser } from "../../setup/factories";
import { soldLead } from "../../test/job-links";
import { signIn, useOperatorApp } from "../../test/sign-in";

const now = new Date("2026-11-23T01:00:00.000Z");
const HOUR = 3600_000;
const ctx = useOperatorApp({
  now: () => now,
  startAlertWorker: false,
  env: { RATE_LIMIT_PUBLIC_FORMS_PER_IP: "100000", RATE_LIMIT_SMS_PER_IP: "100000", RATE_LIMIT_JOB_PAGE_PER_IP: "100000" },
});

let owner: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  owner = await createUser(ctx.db, { firstName: "Dave", companyName: "Sparkright Electrical" });
  member = await createUser(ctx.db, { userType: "team_member", teamOwnerId: owner.id });
});

async function paidJob(phone: string) {
  return soldLead(
    ctx.db,
    owner.id,
    { createdAt: new Date(now.getTime() - 3 * HOUR), purchasedAt: new Date(now.getTime() - 2 * HOUR) },
    { purchase: { salesStage: "invoice_paid", invoicePaidAt: new Date(now.getTime() - HOUR) }, lead: { customerPhone: phone } },
  );
}

describe("the review on the pipeline card", () => {
  it("when the customer reviewed the job and the owner replied, then the owner's and the team's rows carry it as the public sees it; another job's row carries null", async () => {
    const { token, sale } = await paidJob("0491570110");
    const { sale: other } = await paidJob("0491570111");
    const code = (await request(ctx.server).post(`/api/jobs/${token}/review-code`).send({})).body as { devCode: string };
    const written = await request(ctx.server)
      .post(`/api/jobs/${token}/review`)
      .send({ code: code.devCode, rating: 4, text: "Neat work on the switchboard, and on time.", aspects: { tidiness: 5 } });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const review = written.body as JobReview;
    const ownerAgent = await signIn(ctx.server, owner.username);
    expect((await ownerAgent.post(`/api/reviews/${review.id}/reply`).send({ text: "Thanks, a pleasure." })).status).toBe(201);

    for (const agent of [ownerAgent, await signIn(ctx.server, member.username)]) {
      const rows = (await agent.get("/api/my-purchased-leads")).body as PurchasedLead[];
      const row = rows.find((r) => r.id === sale.id)!;
      expect(publicReviewSchema.strict().safeParse(row.review).success).toBe(true);
      expect(row.review).toMatchObject({
        id: review.id,
        rating: 4,
        text: "Neat work on the switchboard, and on time.",
        reply: { text: "Thanks, a pleasure." },
      });
      expect(row.review?.aspects).toMatchObject({ tidiness: 5, quality: null });
      expect(rows.find((r) => r.id === other.id)!.review).toBeNull();
    }

    // Reported, it heads the operator's Reviews tab in the shape shared/reviews-admin.ts gives the screen.
    expect((await request(ctx.server).post(`/api/reviews/${review.id}/report`).send({ reason: "Not a real customer" })).status).toBe(202);
    const list = await request(ctx.server).get("/api/admin/customer-reviews").set("Authorization", ctx.auth);
    const parsed = adminCustomerReviewsResponse.strict().safeParse(list.body);
    expect(parsed.error).toBeUndefined();
    expect(parsed.data!.reviews[0]).toMatchObject({ id: review.id, openReports: 1, reportReasons: ["Not a real customer"], originalText: expect.any(String) });
  });
});
