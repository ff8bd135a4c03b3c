// Each pipeline job's review, as the public sees it (docs/decisions/062-review-screens.md): the
// card shows it with the owner's "Reply publicly". Wired by server/app.ts into the pipeline's
// rows, as the documents' summaries are, so the pipeline does not import reviews/.
import type { PublicReview } from "../../../shared/reviews";
import type { Db } from "../../platform/db/client";
import { reviewsOfPurchases } from "./card-repo";
import { toPublicReview } from "../../core/providers";

export async function reviewsByPurchase(db: Db, purchaseIds: number[]): Promise<Map<number, PublicReview>> {
  const rows = await reviewsOfPurchases(db, purchaseIds);
  return new Map(rows.map((r) => [r.purchaseId, toPublicReview(r)]));
}
