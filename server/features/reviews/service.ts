// Writing, editing, replying to, reporting and hiding reviews (docs/decisions/058-reviews.md).
// Published at once; never published on anyone's behalf (only the customer's code writes one);
// hidden only by the operator, only for a published reason: no refund, dispute or electrician's
// request leads here.
import { firstNameOf } from "../../../shared/customer-name";
import { JOB_PAGE_MESSAGES } from "../../../shared/jobs";
import type { ReviewEditRequest, ReviewHideRequest, ReviewReplyRequest, ReviewRequest } from "../../../shared/reviews";
import { REVIEW_MESSAGES, type JobReview, type PublicReview, type ReviewPolicyFigures } from "../../../shared/reviews";
import { REVIEW_EDIT_WINDOW_MS, REVIEW_HIDDEN_REASONS } from "../../../shared/reviews-rules";
import type { Lead, Review } from "../../../shared/schema";
import type { CurrentUser } from "../../../shared/auth";
import type { Db } from "../../platform/db/client";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import { checkCustomerCode, sendCustomerCode, spendCode, type CustomerCodeDeps } from "../../core/customer-codes";
import { leadOfToken } from "../../core/job-links";
import { BLOCK_STATUS, editBlock, reviewBlock, type EditBlock, type ReviewBlock } from "./rules";
import { maskReviewText } from "./mask";
import * as repo from "./repo";

export type { Reporter } from "./repo";
import { toJobReview, toPublicReview } from "../../core/providers";

export type ReviewDeps = CustomerCodeDeps;

/** What shows, masked, and what the customer typed, kept for the operator only (docs/decisions/090-safe-words-before-purchase.md). */
const reviewText = (text: string, lead: Lead) => ({ text: maskReviewText(text, lead), textAsWritten: text });

const refuse = (block: ReviewBlock | EditBlock) => new AppError(BLOCK_STATUS[block].status, BLOCK_STATUS[block].message);

/** The job a token opens, its live sale and its review. */
async function jobOf(db: Db, token: string) {
  const lead = await leadOfToken(db, token);
  if (!lead) throw notFound(JOB_PAGE_MESSAGES.notFound);
  const sale = await repo.reviewableSaleOf(db, lead.id);
  const review = sale ? await repo.reviewOfPurchase(db, sale.id) : null;
  return { lead, sale, review };
}

/** What the job page shows of the review: whether one may be written or edited now, and the customer's own. */
export async function jobReviewOf(db: Db, lead: Lead, now: Date): Promise<{ open: boolean; review: JobReview | null }> {
  const sale = await repo.reviewableSaleOf(db, lead.id);
  const review = sale ? await repo.reviewOfPurchase(db, sale.id) : null;
  const open = reviewBlock({ lead, sale, review, now }) === null || editBlock({ review, now }) === null;
  return { open, review: review && toJobReview(review, now) };
}

/** A code to the request's mobile, while a review may be written or the customer's own edited. */
export async function requestReviewCode(deps: ReviewDeps, token: string, ip: string) {
  const { lead, sale, review } = await jobOf(deps.db, token);
  const now = deps.now();
  const block = review ? editBlock({ review, now }) : reviewBlock({ lead, sale, review, now });
  if (block) throw refuse(block);
  return sendCustomerCode(deps, lead, sale!.id, ip, "review");
}

const aspectColumns = (aspects: ReviewRequest["aspects"]) =>
  aspects && {
    aspectQuality: aspects.quality ?? null,
    aspectPunctuality: aspects.punctuality ?? null,
    aspectValue: aspects.value ?? null,
    aspectTidiness: aspects.tidiness ?? null,
  };

/** The customer's review, published at once; the second of a job is 409 however close the two come. */
export async function writeReview(deps: ReviewDeps, token: string, input: ReviewRequest): Promise<JobReview> {
  const { lead, sale, review } = await jobOf(deps.db, token);
  const now = deps.now();
  const block = reviewBlock({ lead, sale, review, now });
  if (block) throw refuse(block);
  await checkCustomerCode(deps, deps.db, sale!.id, input.code, "review");
  const written = await deps.db.transaction(async (tx) => {
    const row = await repo.insertReview(tx, {
      purchaseId: sale!.id,
      leadId: lead.id,
      providerId: sale!.buyerId,
      rating: input.rating,
      ...reviewText(input.text, lead),
      ...aspectColumns(input.aspects),
      customerFirstName: firstNameOf(lead.customerName),
      suburb: lead.suburb,
      state: lead.state,
      paidOnPlatform: await repo.paidOnPlatform(tx, sale!.id),
      createdAt: now,
      updatedAt: now,
      editableUntil: new Date(now.getTime() + REVIEW_EDIT_WINDOW_MS),
    });
    if (row) await spendCode(tx, sale!.id);
    return row;
  });
  if (!written) throw conflict(REVIEW_MESSAGES.already);
  return toJobReview(written, now);
}

/** The customer's edit within 7 days, with a fresh code; what is left out stays as it was. */
export async function editReview(deps: ReviewDeps, token: string, input: ReviewEditRequest): Promise<JobReview> {
  const { lead, sale, review } = await jobOf(deps.db, token);
  const now = deps.now();
  const block = editBlock({ review, now });
  if (block) throw refuse(block);
  await checkCustomerCode(deps, deps.db, sale!.id, input.code, "review");
  const changed = await deps.db.transaction(async (tx) => {
    const row = await repo.updateReview(
      tx,
      review!.id,
      {
        ...(input.rating !== undefined && { rating: input.rating }),
        ...(input.text !== undefined && reviewText(input.text, lead)),
        ...aspectColumns(input.aspects),
        paidOnPlatform: await repo.paidOnPlatform(tx, sale!.id),
      },
      now,
    );
    if (row) await spendCode(tx, sale!.id);
    return row;
  });
  if (!changed) throw refuse("editClosed");
  return toJobReview(changed, now);
}

async function ownReview(db: Db, user: CurrentUser, id: number): Promise<{ review: Review; lead: Lead }> {
  const review = await repo.reviewById(db, id);
  if (!review) throw notFound(REVIEW_MESSAGES.notFound);
  // Only the electrician reviewed, the business owner: never a team member, never anyone else.
  if (user.userType === "team_member" || user.id !== review.providerId) throw new AppError(403, REVIEW_MESSAGES.notYours);
  const lead = await repo.leadOfReview(db, review.leadId);
  return { review, lead: lead! };
}

/** The electrician's one public reply (`first`), or its edit; masked as the review is. */
export async function replyToReview(
  db: Db,
  user: CurrentUser,
  id: number,
  input: ReviewReplyRequest,
  mode: "first" | "edit",
  now: Date,
): Promise<PublicReview> {
  const { lead } = await ownReview(db, user, id);
  const row = await repo.writeReply(db, id, { shown: maskReviewText(input.text, lead), asWritten: input.text }, now, mode);
  if (!row) throw mode === "first" ? conflict(REVIEW_MESSAGES.alreadyReplied) : notFound(REVIEW_MESSAGES.noReply);
  return toPublicReview(row);
}

/** Anyone's report: kept for the operator, changes nothing by itself. */
/**
 * Anyone may report a review, once (docs/decisions/075-limits-and-edges.md): a repeat from the
 * same person or device, or from the same address the same day, answers with the report already
 * made, so the operator's count is of reporters, not of requests.
 */
export async function reportReview(db: Db, id: number, reason: string, who: repo.Reporter, now: Date) {
  if (!(await repo.reviewById(db, id))) throw notFound(REVIEW_MESSAGES.notFound);
  const { report, created } = await repo.insertReport(db, id, reason, who, now);
  const mine = report && { id: report.id, reason: report.reason, reportedAt: report.createdAt.toISOString() };
  return { created, body: { message: REVIEW_MESSAGES.reported, ...(mine && { report: mine }) } };
}

/** The operator hides a review for one of the published reasons; the reason shows in its place. */
export async function hideReview(db: Db, id: number, input: ReviewHideRequest, now: Date): Promise<PublicReview> {
  if (!(await repo.reviewById(db, id))) throw notFound(REVIEW_MESSAGES.notFound);
  const row = await repo.hideReview(db, id, input.reason, now);
  if (!row) throw conflict(REVIEW_MESSAGES.alreadyHidden);
  return toPublicReview(row);
}

/** The operator's Reviews tab: every review with its open reports, reported ones first. */
export async function operatorReviewList(db: Db, page: { limit: number; offset: number }) {
  const rows = await repo.reviewsForOperator(db, page.limit, page.offset);
  return {
    reviews: rows.map((r) => ({
      ...toPublicReview(r.review),
      // The operator reads what a review said as typed (as shown, for reviews from before it was kept), to answer for it.
      originalText: r.review.textAsWritten ?? r.review.text,
      originalReply: r.review.replyAsWritten ?? r.review.replyText,
      rating: r.review.rating,
      purchaseId: r.review.purchaseId,
      createdAt: r.review.createdAt.toISOString(),
      openReports: r.openReports,
      reportReasons: r.reasons,
    })),
  };
}

/** The policy page's live figures. */
export async function policyFigures(db: Db): Promise<ReviewPolicyFigures> {
  const rows = await repo.reviewFigures(db);
  const hiddenByReason = Object.fromEntries(
    REVIEW_HIDDEN_REASONS.map((reason) => [reason, rows.find((r) => r.reason === reason)?.n ?? 0]),
  ) as ReviewPolicyFigures["hiddenByReason"];
  const hidden = Object.values(hiddenByReason).reduce((a, b) => a + b, 0);
  return { published: rows.find((r) => r.reason === null)?.n ?? 0, hidden, hiddenByReason };
}
