// The customer's mobile check after a quote (docs/decisions/034): a 6-digit code by
// SMS, stored as an HMAC, good for 10 minutes and 5 tries, sends limited per phone and per IP
// (counted in PostgreSQL, so every instance sees the same counts). The lead is on sale before
// and whatever happens here; a verified mobile is announced as lead.updated. The code's SMS
// leaves through the one outbox (docs/decisions/046-one-outbox.md): due at once, never held by
// quiet hours (the customer has just asked for it), and this instance's worker is woken for it.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { VERIFY_MESSAGES } from "../../../shared/leads";
import { checkAustralianPhone } from "../../../shared/phone";
import type { Db } from "../../platform/db/client";
import { sha256 } from "../../platform/http/token-hash";
import type { MarketEvents } from "../../platform/events";
import { AppError } from "../../platform/http/errors";
import type { Logger } from "../../platform/logger";
import { enqueueMessage, messageColumns, messagesFrom, smsFromUs } from "../../core/messages";
import { claimSmsSend, smsSendWindow } from "../../platform/sms";
import { codesClaimedTogether, markVerified, replaceCode, takeTry, verificationByTokenHash } from "./verification-repo";

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_TRIES = 5;

export interface VerificationDeps {
  db: Db;
  events: MarketEvents;
  logger: Logger;
  now: () => Date;
  /** SITE_PHONE: every SMS names the site and its number. */
  sitePhone: string;
  /** Asks this instance's outbox worker to send now. */
  wake: () => void;
  /** Keys the code HMAC: a leaked table does not give the codes away by trying all million. */
  secret: string;
  limits: { perPhone: number; perIp: number };
  /** Outside production with SMS_PROVIDER=log: the code is also returned as devCode. */
  exposeCode: boolean;
}

const codeHash = (secret: string, tokenHash: string, code: string) => createHmac("sha256", secret).update(`${tokenHash}:${code}`).digest("hex");
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");
export const codeSms = (code: string, sitePhone: string) => smsFromUs(`${code} is your code to confirm your mobile. It expires in 10 minutes.`, sitePhone);

/** A token that looks like a real one: the honeypot's answer must not differ from a real quote's. */
export const decoyVerification = () => randomBytes(24).toString("base64url");

/** A turn's mobile checks claim their sends, write their rows and their codes' SMS in one statement (docs/decisions/134-a-turns-codes-claimed-together.md). */
const claimCode = codesClaimedTogether(messagesFrom);

function claimSendSlot(deps: VerificationDeps, phone: string, ip: string) {
  return claimSmsSend(deps.db, { phone, ip, now: deps.now(), limits: deps.limits });
}

/**
 * The code's SMS (already counted). Each code is its own event, `lead.code:<leadId>:<nonce>`,
 * so a resend is a new message; the outbox retries a provider failure, and Resend can still ask
 * for another.
 */
const codeMessage = (deps: VerificationDeps, leadId: number, phone: string, code: string) => ({
  event: `lead.code:${leadId}:${randomBytes(6).toString("hex")}`,
  recipient: `sms:${phone}`,
  channel: "sms" as const,
  leadId,
  payload: { to: phone, text: codeSms(code, deps.sitePhone) },
  dueAt: deps.now(),
});

/**
 * After a quote is stored: a code to its mobile. Null when nothing was sent: the number is a
 * landline (no SMS), or the send limit for the number or the network is reached.
 */
export async function startVerification(deps: VerificationDeps, lead: { id: number; customerPhone: string }, ip: string) {
  const phone = checkAustralianPhone(lead.customerPhone);
  if (!phone.ok || phone.kind !== "mobile") return { verification: null };
  const token = decoyVerification();
  const tokenHash = sha256(token);
  const code = newCode();
  // The claim, the check's row and the code's SMS in one statement, with the turn's other quotes':
  // the row and the SMS only if claimed.
  const claimed = await claimCode(deps.db)({
    send: smsSendWindow({ phone: phone.digits, ip, now: deps.now(), limits: deps.limits }),
    row: { leadId: lead.id, tokenHash, codeHash: codeHash(deps.secret, tokenHash, code) },
    message: messageColumns(codeMessage(deps, lead.id, phone.digits, code)),
  });
  if (!claimed) {
    deps.logger.info({ leadId: lead.id }, "SMS code not sent: send limit reached");
    return { verification: null };
  }
  deps.wake();
  return { verification: token, ...(deps.exposeCode && { devCode: code }) };
}

async function verificationFor(deps: VerificationDeps, token: string) {
  const row = await verificationByTokenHash(deps.db, sha256(token));
  if (!row) throw new AppError(404, VERIFY_MESSAGES.unknown);
  return row;
}

const codeError = (status: number, message: string) => new AppError(status, message, { code: message });

/** Checks a code: each call is one of the code's 5 tries; the right one verifies the lead. */
export async function verifyPhone(deps: VerificationDeps, token: string, code: string) {
  const row = await verificationFor(deps, token);
  if (row.verifiedAt) return { phoneVerified: true as const };
  if (deps.now().getTime() - row.codeSentAt.getTime() > CODE_TTL_MS) throw codeError(400, VERIFY_MESSAGES.expired);
  const tried = await takeTry(deps.db, row.id, MAX_TRIES);
  if (!tried) throw codeError(429, VERIFY_MESSAGES.tooManyTries);
  const expected = Buffer.from(tried.codeHash, "hex");
  const given = Buffer.from(codeHash(deps.secret, tried.tokenHash, code), "hex");
  if (!timingSafeEqual(expected, given)) {
    const left = MAX_TRIES - tried.attempts;
    if (left <= 0) throw codeError(429, VERIFY_MESSAGES.tooManyTries);
    throw codeError(400, `${VERIFY_MESSAGES.wrongCode} ${left} ${left === 1 ? "try" : "tries"} left.`);
  }
  await deps.db.transaction(async (tx) => {
    const changed = await markVerified(tx, row.id, row.leadId, deps.now());
    // Watching dashboards redraw the card with its badge (docs/product.md section 12).
    if (changed) await deps.events.publish(tx, { type: "lead.updated", leadId: row.leadId });
  });
  return { phoneVerified: true as const };
}

/** A new code for the same check: the old one stops working, the tries start again. */
export async function resendCode(deps: VerificationDeps, token: string, ip: string) {
  const row = await verificationFor(deps, token);
  if (row.verifiedAt) throw new AppError(409, VERIFY_MESSAGES.alreadyVerified);
  if (!(await claimSendSlot(deps, row.phone, ip))) throw new AppError(429, VERIFY_MESSAGES.tooManySends);
  const code = newCode();
  await replaceCode(deps.db, row.id, codeHash(deps.secret, row.tokenHash, code), deps.now());
  await enqueueMessage(deps.db, codeMessage(deps, row.leadId, row.phone, code));
  deps.wake();
  return { sent: true as const, ...(deps.exposeCode && { devCode: code }) };
}
