// The customer's job page and the contact promise on the wire (docs/decisions/044-job-page.md,
// docs/decisions/045-contact-promise.md; docs/product.md section 15). Market leads only: a
// provider's own job (`provider_manual`) has no job page, message, promise or review.
import { z } from "zod";
import type { SalesStage } from "./enums";
import { CLOSE_NOTE_MAX, CLOSE_REASONS, JOB_ACTION_MESSAGES, NOT_CONTACTED_OUTCOMES } from "./job-aftercare";
import { JOB_STATUSES } from "./job-page";
import { PHONE_IMPLAUSIBLE_MESSAGE } from "./phone";
import { leadPhoto } from "./photos";
import { australianPhone } from "./phone-field";
import { jobInvoiceSchema } from "./invoices";
import { jobQuoteSchema } from "./quotes";
import { electricianStandingSchema } from "./profile-standing";
import { jobReviewSchema } from "./reviews";

// The statuses, the token's pattern and the paths live in job-page.ts, without zod, so the job
// page's chunk needs no schema; re-exported here, the one contract.
export { JOB_API_PATH_REDACTED, JOB_PATH_REDACTED, JOB_STATUSES, JOB_TOKEN_PATTERN, jobPath, withoutJobToken, type JobStatus } from "./job-page";

/** What a customer may do on the job page; later features open more of them. */
export const CUSTOMER_ACTIONS = [
  "not_contacted",
  "still_need",
  "close",
  "accept_quote",
  "decline_quote",
  "pay",
  "review",
  "add_photos",
  "pick_window",
  "other_times",
  "move_booking",
] as const;
export type CustomerAction = (typeof CUSTOMER_ACTIONS)[number];

export const jobTokenParam = z.object({ token: z.string().max(200) });

/** What the job page shows where the customer's text held a contact detail (docs/decisions/044-job-page.md). */
export const JOB_TEXT_HIDDEN = "[hidden]";

export const JOB_PAGE_MESSAGES = {
  notFound: "This link does not work. Ask for a new one with the mobile number you used for your request.",
} as const;

// ---- After the sale: a missed promise, and the customer closing (docs/decisions/049) ----

export const notContactedReportSchema = z.object({ outcome: z.enum(NOT_CONTACTED_OUTCOMES), at: z.string() });
export const closureSchema = z.object({ at: z.string(), reason: z.enum(CLOSE_REASONS) });

/** POST /api/jobs/:token/close. */
export const jobCloseRequest = z.object({
  reason: z.enum(CLOSE_REASONS, { error: JOB_ACTION_MESSAGES.chooseReason }),
  note: z
    .string()
    .trim()
    .max(CLOSE_NOTE_MAX, JOB_ACTION_MESSAGES.noteTooLong)
    .optional()
    .transform((v) => (v ? v : undefined)),
  /**
   * Close it only while no electrician has bought it, else 409 (docs/decisions/086): the quote
   * wizard withdraws a request sent with a mistyped mobile, and a bought one is its buyer's job.
   */
  onlyIfUnsold: z.boolean().optional(),
});
export type JobCloseRequest = z.input<typeof jobCloseRequest>;

export const jobElectricianSchema = z.object({
  businessName: z.string().nullable(),
  firstName: z.string().nullable(),
  phone: z.string().nullable(),
  licenceNumber: z.string().nullable(),
  licenceState: z.string().nullable(),
  licenceCheckedAt: z.string().nullable(),
  abn: z.string().nullable(),
  memberSince: z.string(),
  /** The electrician's market jobs that reached Paid. */
  jobsCompleted: z.number().int(),
  /** Median minutes from purchase to first contact over the last 90 days' market purchases; null under 5. */
  medianMinutesToContact: z.number().nullable(),
  /** Their public profile (null when not public) and the rating real, shown reviews give (docs/decisions/060-public-profiles.md). */
  ...electricianStandingSchema.shape,
});
export type JobElectrician = z.infer<typeof jobElectricianSchema>;

/** What the job page shows of the booking (GET /api/jobs/:token `booking`; docs/decisions/102-booking-windows.md). Here, not in shared/booking-windows.ts: the job page and the dashboard read this module without the windows' rules. */
export const jobBookingSchema = z.object({
  /** The open offer's windows still ahead, soonest first; empty when none waits for a pick. */
  windows: z.array(z.object({ id: z.number().int(), startsAt: z.string(), endsAt: z.string() })),
  /** The booked window (or a time typed on the card, with its end). */
  booked: z.object({ startsAt: z.string(), endsAt: z.string() }).nullable(),
  /** The last change either side asked for, with its words, while it is the news. */
  lastChange: z
    .object({
      kind: z.enum(["other_times", "customer_moved", "electrician_moved", "electrician_cancelled"]),
      note: z.string(),
      at: z.string(),
    })
    .nullable(),
});
export type JobBooking = z.infer<typeof jobBookingSchema>;

export const jobViewSchema = z.object({
  jobReference: z.string(),
  status: z.enum(JOB_STATUSES),
  submittedAt: z.string(),
  serviceType: z.string(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  /** The description, through the same redaction as the market (no street address, no phone). */
  electricalWork: z.string(),
  electrician: jobElectricianSchema.nullable(),
  /** ISO instant; null until the request is sold. */
  contactBy: z.string().nullable(),
  timeline: z.array(z.object({ status: z.enum(JOB_STATUSES), at: z.string() })),
  actions: z.array(z.enum(CUSTOMER_ACTIONS)),
  /** The customer's "No one has contacted me" and what came of it (docs/decisions/049); null when none is current. */
  notContacted: notContactedReportSchema.nullable(),
  /** The customer closed the request from this page, and why (docs/decisions/049). */
  closure: closureSchema.nullable(),
  /** The customer's own photos, in full, under their token (docs/decisions/050-photos.md); `id` to remove one. */
  photoCount: z.number().int(),
  photos: z.array(leadPhoto),
  /**
   * The electrician's latest quote not replaced by a newer one (sent, accepted, declined or
   * expired), line by line; `accept_quote` and `decline_quote` are in `actions` while it is
   * open (docs/decisions/051-quotes-and-tax-invoices.md). Null until one is sent.
   */
  quote: jobQuoteSchema.nullable(),
  /**
   * The job's invoices, newest first, void ones marked; `pdfUrl` is the customer's PDF. `pay` is
   * in the job's `actions` too while the quote or an invoice has it (docs/decisions/056).
   */
  invoices: z.array(jobInvoiceSchema),
  /** The customer's review of the job, or null; `review` is in `actions` while one may be written or edited (docs/decisions/058-reviews.md). */
  review: jobReviewSchema.nullable(),
  /**
   * The times offered, the booked window and the last change asked for (docs/decisions/102-
   * booking-windows.md); `pick_window` and `other_times` are in `actions` while windows wait for
   * a pick, `move_booking` while a booked time is ahead. Null for a job not sold.
   */
  booking: jobBookingSchema.nullable(),
  /**
   * The certificates issued for the job (docs/decisions/105-paperwork-on-the-card.md): names and
   * dates only; each opens after a code to the customer's mobile, since it carries their name and
   * address and a job link can be forwarded.
   */
  certificates: z.array(z.object({ document: z.string(), name: z.string(), issuedText: z.string() })),
});
export type JobView = z.infer<typeof jobViewSchema>;

// ---- Lost the link: a code to the mobile, then fresh links ----

export const JOB_LOOKUP_MESSAGES = {
  phone: "Enter the mobile number you used for your request",
  code: "Enter the 6-digit code from the SMS",
  wrongCode: "That code is not right, or it has expired. Ask for a new code.",
  sent: "If that mobile has requests with us, we have sent it a code.",
} as const;

const lookupPhone = australianPhone({ tooShort: JOB_LOOKUP_MESSAGES.phone, implausible: PHONE_IMPLAUSIBLE_MESSAGE });

export const jobLookupRequest = z.object({ phone: lookupPhone });
export const jobLookupResponse = z.object({ message: z.string(), devCode: z.string().optional() });
export type JobLookupResponse = z.infer<typeof jobLookupResponse>;

export const jobLookupVerifyRequest = z.object({
  phone: lookupPhone,
  code: z.string({ error: JOB_LOOKUP_MESSAGES.code }).regex(/^\d{6}$/, JOB_LOOKUP_MESSAGES.code),
});
export const jobLookupVerifyResponse = z.object({
  jobs: z.array(z.object({ jobReference: z.string(), submittedAt: z.string(), status: z.enum(JOB_STATUSES), jobUrl: z.string() })),
});
export type JobLookupVerifyResponse = z.infer<typeof jobLookupVerifyResponse>;

// ---- "Customer unreachable": the customer answers (docs/decisions/049-missed-promises-and-refunds.md) ----

/** POST /api/jobs/:token/still-need: "I still need an electrician", or with alreadySpoke "We already spoke". */
export const stillNeedRequest = z.object({ alreadySpoke: z.boolean().optional() });
export type StillNeedRequest = z.infer<typeof stillNeedRequest>;
export const stillNeedResponse = z.object({ outcome: z.enum(["customer_answered", "already_spoke"]), message: z.string() });
export type StillNeedResponse = z.infer<typeof stillNeedResponse>;

// ---- The electrician logs contact ----

export const CONTACT_CHANNELS = ["call", "sms", "email", "in_person"] as const;
export const CONTACT_OUTCOMES = ["reached", "no_answer", "left_message", "wrong_number"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];

export const contactAttemptRequest = z.object({
  channel: z.enum(CONTACT_CHANNELS, { error: "Choose how you made contact" }),
  outcome: z.enum(CONTACT_OUTCOMES, { error: "Choose what happened" }),
});
export type ContactAttemptRequest = z.infer<typeof contactAttemptRequest>;

export const contactAttemptSchema = z.object({
  id: z.number().int(),
  channel: z.enum(CONTACT_CHANNELS),
  outcome: z.enum(CONTACT_OUTCOMES),
  at: z.string(),
});
export type ContactAttempt = z.infer<typeof contactAttemptSchema>;

/** The stages that mean the buyer has spoken to the customer, or gone past that. Declined is not one: it may be "no answer". */
export const CALLED_OR_LATER = [
  "called",
  "quote_sent",
  "quote_accepted",
  "booked_in",
  "invoice_paid",
  "picked_up",
  "delivered",
] as const satisfies SalesStage[];
