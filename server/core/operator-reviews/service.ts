// The operator's review queue (docs/decisions/049-missed-promises-and-refunds.md): cases are
// opened by the rules that leave a decision to a person; the operator lists the open ones with
// both sides' records and upholds or dismisses each with a note. Deciding records the verdict:
// an upheld "not contacted" counts on the provider's record (admin Providers tab).
import type { AdminReview, ReviewDecision } from "../../../shared/operator-reviews";
import { REVIEW_MESSAGES } from "../../../shared/operator-reviews";
import type { OperatorReviewStatus } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { conflict, notFound } from "../../platform/http/errors";
import { decideOpenReview, listReviews, reviewExists } from "./repo";

export { insertReview as openReview, latestReviewOf } from "./repo";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function reviewQueue(db: Db, query: { status: OperatorReviewStatus; limit: number; offset: number }) {
  const { items, total } = await listReviews(db, query);
  const shown: AdminReview[] = items.map(({ review, purchase, provider, lead }) => ({
    id: review.id,
    kind: review.kind,
    status: review.status,
    evidence: review.evidence,
    note: review.note,
    decidedAt: iso(review.decidedAt),
    createdAt: review.createdAt.toISOString(),
    purchase: { ...purchase, purchasedAt: purchase.purchasedAt.toISOString(), releasedAt: iso(purchase.releasedAt) },
    provider: {
      id: provider.id,
      name: [provider.firstName, provider.lastName].filter(Boolean).join(" ") || provider.username,
      companyName: provider.companyName,
    },
    lead,
  }));
  return { items: shown, total, limit: query.limit, offset: query.offset };
}

/** Once only: of two operators deciding the same case at once, one wins and the other is told it is decided. */
export async function decideReview(db: Db, id: number, decision: ReviewDecision, now: Date) {
  const decided = await decideOpenReview(db, id, { status: decision.verdict, note: decision.note, now });
  if (decided) return { id, status: decision.verdict, note: decision.note, decidedAt: now.toISOString() };
  if (await reviewExists(db, id)) throw conflict(REVIEW_MESSAGES.decided);
  throw notFound(REVIEW_MESSAGES.notFound);
}
