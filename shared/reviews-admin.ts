// The operator's Reviews tab on the wire (docs/decisions/058-reviews.md, 062-review-screens.md):
// GET /api/admin/customer-reviews answers reviews with their open reports, reported first, each
// as the public sees it plus what the operator needs to decide: the text even when hidden, the
// rating, the job and the reports' reasons.
import { z } from "zod";
import { publicReviewSchema } from "./reviews";

export const adminCustomerReviewSchema = publicReviewSchema.extend({
  /**
   * What the customer typed, unmasked, also once hidden: the operator answers for it. Reviews from
   * before the typed text was kept (docs/decisions/090-safe-words-before-purchase.md) give the masked text.
   */
  originalText: z.string(),
  /** The electrician's reply as typed, likewise; null when there is none. */
  originalReply: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  purchaseId: z.number().int(),
  createdAt: z.string(),
  openReports: z.number().int(),
  /** The open reports' reasons, oldest first. */
  reportReasons: z.array(z.string()),
});
export type AdminCustomerReview = z.infer<typeof adminCustomerReviewSchema>;

export const adminCustomerReviewsResponse = z.object({ reviews: z.array(adminCustomerReviewSchema) });
export type AdminCustomerReviewsResponse = z.infer<typeof adminCustomerReviewsResponse>;
