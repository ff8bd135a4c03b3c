// The authorization matrix's rows of refunds/'s routes (docs/decisions/010): each route × each kind of
// caller → the status expected. server/features/auth/authorization-matrix.test.ts walks every feature's rows.
import { contactAttempts, leadPurchases } from "../../../../shared/schema";
import { eq } from "drizzle-orm";
import { createJobLink } from "../../../core/job-links";
import { cookie, everyone, providersPurchase, type MatrixFixtures, type MatrixPart } from "../../../test/authorization-routes";

const HOUR = 3_600_000;

/** A fresh purchase of `owner`'s, bought 6 hours ago, with two tries 4 hours apart that did not reach the customer. */
async function claimablePurchase(fx: MatrixFixtures, owner: "provider" | "otherProvider" = "provider") {
  const { purchaseId } = await providersPurchase(fx, owner);
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
  await fx.db
    .update(leadPurchases)
    .set({ purchasedAt: at(6) })
    .where(eq(leadPurchases.id, purchaseId));
  await fx.db.insert(contactAttempts).values([
    { purchaseId, channel: "call", outcome: "no_answer", createdAt: at(5) },
    { purchaseId, channel: "call", outcome: "no_answer", createdAt: at(1) },
  ]);
  return purchaseId;
}

/** The job page's API path of a fresh link to a purchased lead, with or without a claim waiting for the customer. */
async function stillNeedPath(fx: MatrixFixtures, claimOpen: boolean) {
  const { purchaseId, leadId } = await providersPurchase(fx);
  if (claimOpen) await fx.db.update(leadPurchases).set({ unreachableClaimedAt: new Date() }).where(eq(leadPurchases.id, purchaseId));
  return `/api${(await createJobLink(fx.db, leadId, new Date())).replace(/^\/job\//, "/jobs/")}/still-need`;
}

export const refundMatrix: MatrixPart = {
  rows: [
    // "Customer unreachable" (docs/decisions/049): the contact attempts' scope; a stranger's purchase is "not found".
    {
      method: "post",
      path: async (fx: MatrixFixtures) => `/api/lead-purchases/${await claimablePurchase(fx)}/unreachable`,
      expect: cookie({ customer: 403, provider: 200, teamMember: 200, otherProvider: 404, superAdmin: 200 }),
    },
    {
      method: "post",
      path: async (fx: MatrixFixtures) => `/api/lead-purchases/${await claimablePurchase(fx, "otherProvider")}/unreachable`,
      expect: cookie({ customer: 403, provider: 404, teamMember: 404, otherProvider: 200, superAdmin: 200 }),
    },
    // The customer's answer: the token is the only key, a session opens nothing more; an unknown token is the job page's 404.
    { method: "post", path: `/api/jobs/${"m".repeat(32)}/still-need`, body: {}, expect: everyone(404) },
    { method: "post", path: (fx: MatrixFixtures) => stillNeedPath(fx, true), body: { alreadySpoke: true }, expect: everyone(200) },
    { method: "post", path: (fx: MatrixFixtures) => stillNeedPath(fx, false), body: {}, expect: everyone(409) },
  ],
  outsideThePolicy: ["POST /api/jobs/:token/still-need"],
};
