// "Lost the link" (docs/decisions/044-job-page.md): a customer gives the mobile of their request,
// gets a 6-digit code by SMS when that mobile has market requests of the last 12 months, and
// trades the code for fresh links; every older link of those requests stops working. The
// answer to the first step never says whether the mobile has requests.
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { JOB_LOOKUP_MESSAGES, type JobLookupVerifyResponse } from "../../../shared/jobs";
import { checkAustralianPhone } from "../../../shared/phone";
import type { Db } from "../../platform/db/client";
import type { Logger } from "../../platform/logger";
import { AppError } from "../../platform/http/errors";
import { claimSmsSend } from "../../platform/sms";
import { enqueueMessage, smsFromUs } from "../../core/messages";
import { createJobLink, revokeJobLinks } from "../../core/job-links";
import { hasMarketLeads, insertLookup, latestUnusedLookup, markLookupUsed, marketLeadsOfPhone, takeLookupTry } from "./lookup-repo";
import { progressOf } from "./view";

export const LOOKUP_CODE_TTL_MS = 10 * 60_000;
export const LOOKUP_MAX_TRIES = 5;

export interface LookupDeps {
  db: Db;
  now: () => Date;
  /** Keys the code's HMAC (config.sessionSecret): a leaked table does not give the codes away. */
  secret: string;
  /** SITE_PHONE: every SMS names us and our number. */
  sitePhone: string;
  /** The mobile check's SMS limits, counted in the same rows (RATE_LIMIT_SMS_PER_PHONE, _PER_IP). */
  limits: { perPhone: number; perIp: number };
  /** Outside production with SMS_PROVIDER=log: the code also comes back as devCode. */
  exposeCode: boolean;
  /** Where a lookup that failed after its answer left is told. */
  logger: Pick<Logger, "error">;
}

/** The requests a mobile can find: those of the last 12 months. */
const lookupSince = (now: Date) => {
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  return since;
};

const codeHash = (secret: string, phone: string, code: string) => createHmac("sha256", secret).update(`job-lookup:${phone}:${code}`).digest();
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");
export const lookupSmsText = (code: string, sitePhone: string) => smsFromUs(`${code} is your code to find your requests. It expires in 10 minutes.`, sitePhone);

/**
 * Asks for a code. Every mobile is counted against the SMS limits before its requests are
 * looked at, so the limits also bound how many numbers one network can try, and the work done
 * is the same up to the write. A code is made only for a mobile with requests: its lookup row
 * and its SMS (in the one outbox, due now: a code asked for ignores quiet hours) in one
 * transaction. Returns the code only when one was made and may be shown (devCode); when it may
 * not, the answer goes first and the work after it.
 */
export async function requestLookup(deps: LookupDeps, phone: string, ip: string): Promise<{ devCode?: string }> {
  if (deps.exposeCode) return sendLookupCode(deps, phone, ip);
  // Answered before any of the work: a mobile with requests costs a write and an SMS that one
  // without does not, and the answer's timing must not say which (docs/decisions/075).
  // setImmediate: after the route has written the answer, not merely before it awaits.
  setImmediate(() => {
    sendLookupCode(deps, phone, ip).catch((err: unknown) => deps.logger.error({ err }, "lost-the-link lookup failed"));
  });
  return {};
}

async function sendLookupCode(deps: LookupDeps, phone: string, ip: string): Promise<{ devCode?: string }> {
  const check = checkAustralianPhone(phone);
  if (!check.ok || check.kind !== "mobile") return {};
  const now = deps.now();
  if (!(await claimSmsSend(deps.db, { phone: check.digits, ip, now, limits: deps.limits }))) return {};
  if (!(await hasMarketLeads(deps.db, check.digits, lookupSince(now)))) return {};
  const code = newCode();
  await deps.db.transaction(async (tx) => {
    const lookupId = await insertLookup(tx, { phone: check.digits, codeHash: codeHash(deps.secret, check.digits, code).toString("hex"), codeSentAt: now });
    await enqueueMessage(tx, {
      event: `job.lookup:${lookupId}`,
      recipient: `sms:${check.digits}`,
      channel: "sms",
      payload: { to: check.digits, text: lookupSmsText(code, deps.sitePhone) },
      dueAt: now,
    });
  });
  return deps.exposeCode ? { devCode: code } : {};
}

const wrongCode = () => new AppError(400, JOB_LOOKUP_MESSAGES.wrongCode, { code: JOB_LOOKUP_MESSAGES.wrongCode });

/**
 * Trades the newest unused code of this mobile for fresh links to its requests of the last 12
 * months, newest first. Each call is one of the code's 5 tries, counted before comparing; a
 * wrong, expired, used-up or unknown code is the same 400. The code is used once: the links of
 * those requests are revoked and new ones made in one transaction.
 */
export async function verifyLookup(deps: LookupDeps, phone: string, code: string): Promise<JobLookupVerifyResponse> {
  const now = deps.now();
  const row = await latestUnusedLookup(deps.db, phone);
  if (!row || now.getTime() - row.codeSentAt.getTime() > LOOKUP_CODE_TTL_MS) throw wrongCode();
  const tried = await takeLookupTry(deps.db, row.id, LOOKUP_MAX_TRIES);
  if (!tried || !timingSafeEqual(Buffer.from(tried.codeHash, "hex"), codeHash(deps.secret, phone, code))) throw wrongCode();
  return deps.db.transaction(async (tx) => {
    if (!(await markLookupUsed(tx, row.id, now))) throw wrongCode();
    const leads = await marketLeadsOfPhone(tx, phone, lookupSince(now));
    await revokeJobLinks(
      tx,
      leads.map((lead) => lead.id),
      now,
    );
    const jobs: JobLookupVerifyResponse["jobs"] = [];
    for (const lead of leads) {
      const { status } = await progressOf(tx, lead);
      jobs.push({ jobReference: lead.jobReference, submittedAt: lead.createdAt.toISOString(), status, jobUrl: await createJobLink(tx, lead.id, now) });
    }
    return { jobs };
  });
}
