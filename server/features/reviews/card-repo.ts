// Drizzle only: the reviews of a set of purchases, for the pipeline's cards (docs/decisions/062-review-screens.md).
import { inArray } from "drizzle-orm";
import { reviews, type Review } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

export async function reviewsOfPurchases(db: Db, purchaseIds: number[]): Promise<Review[]> {
  if (purchaseIds.length === 0) return [];
  return db.select().from(reviews).where(inArray(reviews.purchaseId, purchaseIds));
}
