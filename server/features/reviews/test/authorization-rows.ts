// The authorization matrix's rows of reviews/'s routes (docs/decisions/010, 058-reviews.md): each
// route × each kind of caller → the status expected. server/features/auth/authorization-matrix.test.ts walks them.
import { reviews } from "../../../../shared/schema";
import { createLead, createPurchase } from "../../../setup/factories";
import { createJobLink } from "../../../core/job-links";
import { cookie, everyone, operatorOnly, type MatrixFixtures, type MatrixPart } from "../../../test/authorization-routes";

const DAY = 86_400_000;

/** A fresh job bought by `provider`, `purchasedDaysAgo` ago, and its job API path. */
async function jobOf(fx: MatrixFixtures, purchasedDaysAgo: number) {
  const lead = await createLead(fx.db, { status: "sold" });
  await createPurchase(fx.db, fx.users.provider.id, { purchase: { leadId: lead.id, purchasedAt: new Date(Date.now() - purchasedDaysAgo * DAY) } });
  return `/api${(await createJobLink(fx.db, lead.id, new Date())).replace(/^\/job\//, "/jobs/")}`;
}

/** A fresh review of one of `provider`'s jobs, with a reply when asked. */
async function reviewOf(fx: MatrixFixtures, withReply = false) {
  const purchase = await createPurchase(fx.db, fx.users.provider.id);
  const now = new Date();
  const [row] = await fx.db
    .insert(reviews)
    .values({
      purchaseId: purchase.id,
      leadId: purchase.leadId,
      providerId: fx.users.provider.id,
      rating: 5,
      text: "Tidy, on time and explained everything.",
      customerFirstName: "Karen",
      editableUntil: new Date(now.getTime() + 7 * DAY),
      ...(withReply && { replyText: "Thanks Karen", replyCreatedAt: now, replyUpdatedAt: now }),
    })
    .returning();
  return row!.id;
}

/** Only the electrician reviewed, the business owner, replies; a stranger's review is refused, not hidden (reviews are public). */
const reviewedOwnerOnly = (ok: number) => cookie({ customer: 403, provider: ok, teamMember: 403, otherProvider: 403, superAdmin: 403 });

export const reviewMatrix: MatrixPart = {
  rows: [
    // The customer's review: the job link and a code to the mobile are the only keys, a session opens nothing more.
    { method: "post", path: async (fx) => `${await jobOf(fx, 1)}/review-code`, body: {}, expect: everyone(409) },
    { method: "post", path: `/api/jobs/${"m".repeat(32)}/review-code`, body: {}, expect: everyone(404) },
    // Reviewable (a week old), but no code was sent: the same 400 for every caller.
    {
      method: "post",
      path: async (fx) => `${await jobOf(fx, 8)}/review`,
      body: { code: "123456", rating: 5, text: "Great work, on time and tidy." },
      expect: everyone(400),
    },
    { method: "patch", path: async (fx) => `${await jobOf(fx, 8)}/review`, body: { code: "123456", rating: 4 }, expect: everyone(404) },
    { method: "get", path: "/api/reviews/policy-figures", expect: everyone(200) },
    { method: "get", path: "/api/reviews/opt-out/1.not-a-real-token", expect: everyone(404) },
    { method: "post", path: async (fx) => `/api/reviews/${await reviewOf(fx)}/reply`, body: { text: "Thanks!" }, expect: reviewedOwnerOnly(201) },
    { method: "patch", path: async (fx) => `/api/reviews/${await reviewOf(fx, true)}/reply`, body: { text: "Thanks again!" }, expect: reviewedOwnerOnly(200) },
    { method: "post", path: async (fx) => `/api/reviews/${await reviewOf(fx)}/report`, body: { reason: "Not a real customer" }, expect: everyone(202) },
    // The operator's Reviews tab: bearer token only.
    { method: "get", path: "/api/admin/customer-reviews", expect: operatorOnly(200) },
    { method: "post", path: async (fx) => `/api/admin/customer-reviews/${await reviewOf(fx)}/hide`, body: { reason: "abuse" }, expect: operatorOnly(200) },
  ],
  outsideThePolicy: [
    "POST /api/jobs/:token/review-code",
    "POST /api/jobs/:token/review",
    "PATCH /api/jobs/:token/review",
    "GET /api/reviews/policy-figures",
    "GET /api/reviews/opt-out/:token",
    "POST /api/reviews/:id/report",
    "GET /api/admin/customer-reviews",
    "POST /api/admin/customer-reviews/:id/hide",
  ],
};
