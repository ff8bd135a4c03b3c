// The reviews' wire contract (docs/decisions/058-reviews.md): what the customer sends from the
// job page, the electrician's reply, anyone's report, the operator's hide, and a review as the
// public sees it. The plain rules live in shared/reviews-rules.ts.
import { z } from "zod";
import { REVIEW_HIDDEN_REASONS, REVIEW_REPLY_MAX, REVIEW_REPORT_MAX, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from "./reviews-rules";

export const REVIEW_MESSAGES = {
  code: "Enter the 6-digit code from the SMS",
  wrongCode: "That code is not right, or it has expired. Ask for a new code.",
  tooManyTries: "Too many wrong codes. Ask for a new code.",
  tooManySends: "Too many codes sent to this mobile. Try again in an hour.",
  noMobile: "We can only confirm a mobile number by SMS, and this request has none.",
  rating: "Choose a rating from 1 to 5 stars",
  aspect: "Each rating is from 1 to 5 stars",
  textShort: `Write at least ${REVIEW_TEXT_MIN} characters about the job`,
  textLong: `Keep the review to ${REVIEW_TEXT_MAX} characters`,
  notMarketJob: "Only jobs found through Aussie Electricians can be reviewed here.",
  noJob: "There is no job to review yet: no electrician has taken this request.",
  tooEarly: "You can review the job once it is paid, a day after the booked start, or a week after the electrician took it.",
  already: "You have already reviewed this job. You can edit your review for 7 days.",
  noReview: "There is no review of this job to edit.",
  editClosed: "Reviews can be edited for 7 days after they are written.",
  notFound: "Review not found",
  replyText: "Write your reply",
  replyLong: `Keep the reply to ${REVIEW_REPLY_MAX} characters`,
  notYours: "Only the electrician reviewed can reply to this review.",
  alreadyReplied: "You have already replied. You can edit your reply.",
  noReply: "There is no reply to edit yet.",
  reportReason: "Say why this review should be looked at",
  reportLong: `Keep the reason to ${REVIEW_REPORT_MAX} characters`,
  reported: "Thanks. We will look at this review.",
  hideReason: "Choose a published reason: abuse, personal information, or not about this job",
  alreadyHidden: "This review is already hidden",
  optedOut: "Done: we will not text you about reviewing this job again.",
  optOutUnknown: "This link does not work.",
  selfPurchase: "You cannot buy this lead: its customer's mobile number or e-mail is your own or your team's.",
} as const;

const code = z.string({ error: REVIEW_MESSAGES.code }).regex(/^\d{6}$/, REVIEW_MESSAGES.code);
const stars = (message: string) => z.number({ error: message }).int(message).min(1, message).max(5, message);
const reviewText = z
  .string({ error: REVIEW_MESSAGES.textShort })
  .trim()
  .min(REVIEW_TEXT_MIN, REVIEW_MESSAGES.textShort)
  .max(REVIEW_TEXT_MAX, REVIEW_MESSAGES.textLong);
const aspects = z
  .object({
    quality: stars(REVIEW_MESSAGES.aspect).optional(),
    punctuality: stars(REVIEW_MESSAGES.aspect).optional(),
    value: stars(REVIEW_MESSAGES.aspect).optional(),
    tidiness: stars(REVIEW_MESSAGES.aspect).optional(),
  })
  .strict();

/** POST /api/jobs/:token/review-code: no body; the code goes to the request's mobile. */
export const reviewCodeResponse = z.object({ sent: z.literal(true), devCode: z.string().optional() });
export type ReviewCodeResponse = z.infer<typeof reviewCodeResponse>;

/** POST /api/jobs/:token/review. */
export const reviewRequest = z.object({ code, rating: stars(REVIEW_MESSAGES.rating), text: reviewText, aspects: aspects.optional() });
export type ReviewRequest = z.input<typeof reviewRequest>;

/** PATCH /api/jobs/:token/review: within 7 days, with a fresh code; what is left out stays. */
export const reviewEditRequest = z.object({
  code,
  rating: stars(REVIEW_MESSAGES.rating).optional(),
  text: reviewText.optional(),
  aspects: aspects.optional(),
});
export type ReviewEditRequest = z.input<typeof reviewEditRequest>;

/** POST and PATCH /api/reviews/:id/reply. */
export const reviewReplyRequest = z.object({
  text: z.string({ error: REVIEW_MESSAGES.replyText }).trim().min(1, REVIEW_MESSAGES.replyText).max(REVIEW_REPLY_MAX, REVIEW_MESSAGES.replyLong),
});
export type ReviewReplyRequest = z.infer<typeof reviewReplyRequest>;

/** POST /api/reviews/:id/report. */
export const reviewReportRequest = z.object({
  reason: z.string({ error: REVIEW_MESSAGES.reportReason }).trim().min(3, REVIEW_MESSAGES.reportReason).max(REVIEW_REPORT_MAX, REVIEW_MESSAGES.reportLong),
});
/** GET /api/reviews/opt-out/:token. */
export const reviewOptOutResponse = z.object({ message: z.string() });
export const reviewReportResponse = z.object({
  message: z.string(),
  /**
   * The report: the one just made (202), or the one this reporter already made (200); left out
   * when the address had reported the review today and this is someone else (also 200).
   */
  report: z.object({ id: z.number().int(), reason: z.string(), reportedAt: z.string() }).optional(),
});

/** POST /api/admin/reviews/:id/hide: only a published reason. */
export const reviewHideRequest = z.object({ reason: z.enum(REVIEW_HIDDEN_REASONS, { error: REVIEW_MESSAGES.hideReason }) });
export type ReviewHideRequest = z.infer<typeof reviewHideRequest>;

/** GET /api/reviews/opt-out/:token: the invitation SMS's link. */
export const reviewOptOutParam = z.object({ token: z.string().max(120) });

export const reviewIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const starsOut = z.number().int().min(1).max(5);

/**
 * A review as the public sees it: the customer's first name, the suburb, the month, "Verified
 * job" (every review is of a bought market job), and "Paid through Aussie Electricians" when the
 * invoice was paid online. A hidden review shows only its reason, in its place.
 */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  providerId: z.number().int(),
  rating: starsOut.nullable(),
  text: z.string().nullable(),
  aspects: z.object({ quality: starsOut.nullable(), punctuality: starsOut.nullable(), value: starsOut.nullable(), tidiness: starsOut.nullable() }).nullable(),
  customerFirstName: z.string().nullable(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  /** "YYYY-MM": the month it was written. */
  month: z.string(),
  verifiedJob: z.literal(true),
  paidOnPlatform: z.boolean(),
  edited: z.boolean(),
  /** Null while shown; the published reason (and its words) when the operator hid it. */
  hidden: z.object({ reason: z.enum(REVIEW_HIDDEN_REASONS), label: z.string() }).nullable(),
  reply: z.object({ text: z.string(), createdAt: z.string(), edited: z.boolean() }).nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** The customer's own review on the job page, with when editing closes. */
export const jobReviewSchema = publicReviewSchema.extend({ editableUntil: z.string(), canEdit: z.boolean() });
export type JobReview = z.infer<typeof jobReviewSchema>;

/** GET /api/reviews/policy-figures: live counts for /reviews-policy. */
export const reviewPolicyFiguresSchema = z.object({
  published: z.number().int(),
  hidden: z.number().int(),
  hiddenByReason: z.object({ abuse: z.number().int(), personal_information: z.number().int(), not_about_this_job: z.number().int() }),
});
export type ReviewPolicyFigures = z.infer<typeof reviewPolicyFiguresSchema>;

/** GET /api/admin/customer-reviews: the operator's Reviews tab, paged. */
export const adminCustomerReviewsQuery = z.object({
  limit: z.coerce.number().int().min(1, "limit must be at least 1").max(200, "limit must be at most 200").default(50),
  offset: z.coerce.number().int().min(0, "offset must be 0 or more").max(1_000_000).default(0),
});
