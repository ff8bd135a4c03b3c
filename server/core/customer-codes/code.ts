// The code the customer confirms their mobile with, so a forwarded job link cannot act as them:
// to write or edit a review (docs/decisions/058-reviews.md) and to open a certificate that carries
// their name and address (docs/decisions/105-paperwork-on-the-card.md). 6 digits by SMS, kept as
// an HMAC of what it is for, 10 minutes and 5 tries, one use. Sends count on the mobile check's limits
// (claimSmsSend, docs/decisions/034); the SMS leaves through the one outbox at once.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { checkAustralianPhone } from "../../../shared/phone";
import { REVIEW_MESSAGES } from "../../../shared/reviews";
import type { Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";
import { claimSmsSend } from "../../platform/sms";
import { enqueueMessage, smsFromUs } from "../messages";
import { codeOf, putCode, takeCodeTry } from "./repo";

export const CUSTOMER_CODE_TTL_MS = 10 * 60_000;
export const CUSTOMER_CODE_TRIES = 5;

export interface CustomerCodeDeps {
  db: Db;
  now: () => Date;
  /** Keys the code's HMAC. */
  secret: string;
  sitePhone: string;
  /** Wakes this instance's outbox worker: the customer waits for this SMS. */
  wake: () => void;
  limits: { perPhone: number; perIp: number };
  /** Outside production with SMS_PROVIDER=log: the code is returned as devCode. */
  exposeCode: boolean;
}

/** What a code is for: a review's code cannot open a certificate, nor the other way round. */
export type CodePurpose = "review" | "certificate";

const PURPOSE_WORDS: Record<CodePurpose, string> = { review: "post your review", certificate: "open your electrical certificate" };

const codeHash = (secret: string, purpose: CodePurpose, purchaseId: number, code: string) =>
  createHmac("sha256", secret).update(`${purpose}:${purchaseId}:${code}`).digest("hex");
export const customerCodeSms = (code: string, purpose: CodePurpose, sitePhone: string) =>
  smsFromUs(`${code} is your code to ${PURPOSE_WORDS[purpose]}. It expires in 10 minutes.`, sitePhone);

/** Sends a new code for `purpose` on this sale to the request's mobile; 409 without one, 429 past the limits. */
export async function sendCustomerCode(deps: CustomerCodeDeps, lead: Lead, purchaseId: number, ip: string, purpose: CodePurpose) {
  const phone = checkAustralianPhone(lead.customerPhone);
  if (!phone.ok || phone.kind !== "mobile") throw new AppError(409, REVIEW_MESSAGES.noMobile);
  const now = deps.now();
  if (!(await claimSmsSend(deps.db, { phone: phone.digits, ip, now, limits: deps.limits }))) throw new AppError(429, REVIEW_MESSAGES.tooManySends);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await deps.db.transaction(async (tx) => {
    await putCode(tx, purchaseId, codeHash(deps.secret, purpose, purchaseId, code), now);
    // Due at once and never held by quiet hours: the customer has just asked for it.
    await enqueueMessage(tx, {
      event: `${purpose}.code:${purchaseId}:${randomBytes(6).toString("hex")}`,
      recipient: `sms:${phone.digits}`,
      channel: "sms",
      leadId: lead.id,
      payload: { to: phone.digits, text: customerCodeSms(code, purpose, deps.sitePhone) },
      dueAt: now,
    });
  });
  deps.wake();
  return { sent: true as const, ...(deps.exposeCode && { devCode: code }) };
}

const wrong = (status: number, message: string) => new AppError(status, message, { code: message });

/** Checks a code (one of its 5 tries); the caller spends it with the write it allowed. */
export async function checkCustomerCode(deps: CustomerCodeDeps, db: Db, purchaseId: number, code: string, purpose: CodePurpose) {
  const tried = await takeCodeTry(db, purchaseId, CUSTOMER_CODE_TRIES);
  if (!tried) {
    const spent = await codeOf(db, purchaseId);
    throw spent ? wrong(429, REVIEW_MESSAGES.tooManyTries) : wrong(400, REVIEW_MESSAGES.wrongCode);
  }
  if (deps.now().getTime() - tried.codeSentAt.getTime() > CUSTOMER_CODE_TTL_MS) throw wrong(400, REVIEW_MESSAGES.wrongCode);
  const expected = Buffer.from(tried.codeHash, "hex");
  const given = Buffer.from(codeHash(deps.secret, purpose, purchaseId, code), "hex");
  if (!timingSafeEqual(expected, given)) {
    throw wrong(
      tried.attempts >= CUSTOMER_CODE_TRIES ? 429 : 400,
      tried.attempts >= CUSTOMER_CODE_TRIES ? REVIEW_MESSAGES.tooManyTries : REVIEW_MESSAGES.wrongCode,
    );
  }
}
