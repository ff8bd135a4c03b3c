// Vetted electricians (docs/decisions/033-vetted-electricians.md): the licence and
// ABN a provider signs up with, the operator's verdict on them, and what a provider is told.
// The sign-up form and the route parse with these same schemas.
import { z } from "zod";
import { isCalendarDay } from "./calendar-day";
import { addDays, sydneyDayKey } from "./sydney-time";
import { formatLicenceDate } from "./licence-date";

export const LICENCE_STATES = ["NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];
export const LICENCE_STATE_NAMES: Record<LicenceState, string> = {
  NSW: "New South Wales",
  VIC: "Victoria",
  QLD: "Queensland",
  WA: "Western Australia",
  SA: "South Australia",
  TAS: "Tasmania",
  ACT: "Australian Capital Territory",
  NT: "Northern Territory",
};

export const VERIFICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Days before a licence's expiry that its reminder e-mail goes out. */
export const LICENCE_REMINDER_DAYS = 30;
/** The furthest ahead an expiry may be: no regulator issues a licence for longer (NSW and VIC: 5 years at most). */
const LICENCE_MAX_YEARS = 10;

export const VETTING_MESSAGES = {
  licenceNumberRequired: "Enter your electrical contractor licence number",
  licenceNumberShape: "Licence numbers are 4 to 12 letters, digits and hyphens",
  licenceStateRequired: "Choose the state or territory that issued your licence",
  licenceExpiryRequired: "Enter your licence's expiry date",
  licenceExpiryInvalid: "Enter the expiry date as YYYY-MM-DD",
  licenceExpiryPast: "This licence has expired: enter the expiry date of a current licence",
  licenceExpiryTooFar: `An expiry more than ${LICENCE_MAX_YEARS} years away is not a real licence's: please check the year`,
  abnRequired: "Enter your ABN",
  abnShape: "An ABN is 11 digits",
  abnChecksum: "This is not a valid ABN: please check the digits",
  pendingCannotBuy:
    "Your licence is still being checked, so you can't buy leads yet. We check your licence within one business day and e-mail you as soon as it's done.",
  rejectedCannotBuy: (reason: string | null) =>
    `Your licence was not approved${reason ? `: ${reason}` : ""}. You can't buy leads. Reply to our e-mail if you think this is a mistake.`,
  expiredCannotBuy: (expiry: string) =>
    `Your electrical licence expired on ${formatLicenceDate(expiry)}. Reply to our e-mail with your renewed licence; we update it within one business day and you can buy leads again.`,
  reasonRequired: "Tell the provider why: the reason is e-mailed to them",
  notPending: (status: VerificationStatus) => `This provider is already ${status}`,
} as const;

// ---------- licence number: shape per state (decision 033 lists the sources) ----------

interface LicenceRule {
  pattern: RegExp;
  message: string;
}

const GENERIC: LicenceRule = { pattern: /^[A-Z0-9-]{4,12}$/, message: VETTING_MESSAGES.licenceNumberShape };

/** Only where the regulator's public register shows one format; every other state gets GENERIC. */
export const LICENCE_RULES: Record<LicenceState, LicenceRule> = {
  // NSW Fair Trading: a contractor licence is digits with a final C (a final S is a supervisor's certificate).
  NSW: { pattern: /^\d{4,7}C$/, message: "An NSW contractor licence is digits ending in C, e.g. 123456C" },
  // Energy Safe Victoria: the registered electrical contractor (REC) number, with or without "REC-".
  VIC: { pattern: /^(REC-?)?\d{4,6}$/, message: "A Victorian REC number is 4 to 6 digits, e.g. REC-12345 or 12345" },
  // Electrical Safety Office Queensland: the electrical contractor licence is a number.
  QLD: { pattern: /^\d{4,6}$/, message: "A Queensland electrical contractor licence is 4 to 6 digits, e.g. 12345" },
  WA: GENERIC,
  SA: GENERIC,
  TAS: GENERIC,
  ACT: GENERIC,
  NT: GENERIC,
};

/** Upper case, no spaces: "rec 12345" and "REC12345" are stored as typed otherwise ("REC12345"). */
export const normaliseLicenceNumber = (raw: string) => raw.replace(/\s+/g, "").toUpperCase();

/** Why this licence number cannot be one `state` issued, or null when its shape fits. */
export function licenceNumberProblem(state: LicenceState, number: string): string | null {
  const rule = LICENCE_RULES[state];
  return rule.pattern.test(normaliseLicenceNumber(number)) ? null : rule.message;
}

// ---------- ABN ----------

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** The ATO's ABN check: subtract 1 from the first digit, weight, sum, divisible by 89. */
export function isValidAbn(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce((total, d, i) => total + (Number(d) - (i === 0 ? 1 : 0)) * ABN_WEIGHTS[i]!, 0);
  return sum % 89 === 0;
}

/** "51824753556" → "51 824 753 556", the way the ABN Lookup shows it. */
export const formatAbn = (abn: string) => abn.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, "$1 $2 $3 $4");

export const abnField = z
  .string({ error: VETTING_MESSAGES.abnRequired })
  .trim()
  .min(1, VETTING_MESSAGES.abnRequired)
  .max(30, VETTING_MESSAGES.abnShape)
  .transform((v) => v.replace(/\s+/g, ""))
  .refine((v) => /^\d{11}$/.test(v), VETTING_MESSAGES.abnShape)
  .refine(isValidAbn, VETTING_MESSAGES.abnChecksum);

// ---------- licence expiry ----------

export const licenceExpiryField = z
  .string({ error: VETTING_MESSAGES.licenceExpiryRequired })
  .trim()
  .min(1, VETTING_MESSAGES.licenceExpiryRequired)
  .refine(isCalendarDay, VETTING_MESSAGES.licenceExpiryInvalid);

/**
 * Why a sign-up cannot give this expiry at `now`, or null. A licence is good through its
 * expiry date (Sydney calendar), so today's date is already too late to sign up with.
 */
export function licenceExpiryProblem(expiry: string, now: Date): string | null {
  const today = sydneyDayKey(now);
  if (expiry <= today) return VETTING_MESSAGES.licenceExpiryPast;
  if (expiry > addDays(today, LICENCE_MAX_YEARS * 366)) return VETTING_MESSAGES.licenceExpiryTooFar;
  return null;
}

/** True once the Sydney date is past the licence's expiry date. */
export const isLicenceExpired = (expiry: string | null, now: Date) => expiry !== null && expiry < sydneyDayKey(now);

// ---------- the sign-up's licence fields ----------

export const licenceFields = {
  licenceNumber: z
    .string({ error: VETTING_MESSAGES.licenceNumberRequired })
    .trim()
    .min(1, VETTING_MESSAGES.licenceNumberRequired)
    .max(30, VETTING_MESSAGES.licenceNumberShape)
    .transform(normaliseLicenceNumber),
  licenceState: z.enum(LICENCE_STATES, { error: VETTING_MESSAGES.licenceStateRequired }),
  licenceExpiry: licenceExpiryField,
  abn: abnField,
};

/** The per-state licence shape, added to a schema carrying licenceFields (the wire names the field). */
export function checkLicenceShape(value: { licenceNumber: string; licenceState: LicenceState }, ctx: z.RefinementCtx) {
  const problem = licenceNumberProblem(value.licenceState, value.licenceNumber);
  if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["licenceNumber"] });
}

// ---------- a renewed licence, recorded by the operator ----------

/**
 * POST /api/admin/providers/:id/licence: the sign-up's licence rules for the fields a renewal
 * changes. The ABN is optional here (left out: kept as it is), so a caller that records only the
 * licence still can. The expiry's "in the future" needs the server's clock, as at sign-up:
 * server/core/providers/licence.ts checks it with the app's clock.
 */
const licenceRenewalFields = z.object({
  licenceNumber: licenceFields.licenceNumber,
  licenceState: licenceFields.licenceState,
  licenceExpiry: licenceFields.licenceExpiry,
  abn: licenceFields.abn.optional(),
});
export const licenceRenewal = licenceRenewalFields.superRefine(checkLicenceShape);
export type LicenceRenewal = z.infer<typeof licenceRenewal>;

/**
 * The operator's dialog: the same rules, the ABN required as at sign-up (the dialog starts from
 * the values on file, docs/decisions/038), plus the browser's early hint on the expiry.
 */
export const licenceRenewalForm = licenceRenewalFields
  .extend({ abn: licenceFields.abn })
  .superRefine(checkLicenceShape)
  .superRefine((v, ctx) => {
    const problem = licenceExpiryProblem(v.licenceExpiry, new Date());
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["licenceExpiry"] });
  });
export type LicenceRenewalFormInput = z.input<typeof licenceRenewalForm>;

// ---------- the provider's standing and the operator's decisions ----------

/** GET /api/auth/verification: the standing of the account whose purchases this user works on. */
export interface VerificationStanding {
  status: VerificationStatus;
  licenceNumber: string | null;
  licenceState: LicenceState | null;
  licenceExpiry: string | null;
  rejectionReason: string | null;
  /** Null when buying is open; otherwise what the buyer is told (the same text as the 403). */
  cannotBuy: string | null;
  /** True when the licence expires within LICENCE_REMINDER_DAYS. */
  expiresSoon: boolean;
}

export const verificationReject = z.object({
  reason: z
    .string({ error: VETTING_MESSAGES.reasonRequired })
    .trim()
    .min(1, VETTING_MESSAGES.reasonRequired)
    .max(1000, "The reason is limited to 1000 characters"),
});

/** One provider in the operator's Verification queue. */
export interface VerificationQueueItem {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  companyName: string | null;
  licenceNumber: string | null;
  licenceState: string | null;
  licenceExpiry: string | null;
  abn: string | null;
  verificationStatus: VerificationStatus;
  createdAt: string;
}
