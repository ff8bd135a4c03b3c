// The review invitation (docs/decisions/059-review-invitations.md): one SMS when the job becomes
// reviewable (never sooner than 2 hours after Paid), one reminder 3 days later if no review came,
// never more, each with an opt-out link, held by quiet hours. Found by a sweep over the columns
// that start the clocks (purchased_at, invoice_paid_at, job_starts_at) on every worker pass (at
// least every 5 s, docs/product.md section 14 "Clocks"), so a restart loses nothing. Exactly once
// across instances: the invitation row's primary key and the reminder's conditional update pick
// one sweeper, and the outbox's unique (event, recipient) is the second guard.
import { createHmac, timingSafeEqual } from "node:crypto";
import { invitationFrom, REVIEW_AFTER_PURCHASE_MS, REVIEW_REMINDER_AFTER_MS } from "../../../shared/reviews-rules";
import type { Db } from "../../platform/db/client";
import { sha256 } from "../../platform/http/token-hash";
import { createJobLink } from "../../core/job-links";
import { afterQuietHours, customerMobile, enqueueMessage, smsFromUs } from "../../core/messages";
import { businessNameOf, claimInvitation, claimReminder, invitationCandidates, invitationOf, optOut, type InvitationCandidate } from "./invitations-repo";

export interface InvitationDeps {
  db: Db;
  now: () => Date;
  origin: string;
  sitePhone: string;
  /** Keys the opt-out links. */
  secret: string;
}

/** How far back the sweep looks: a week to become reviewable, 3 days to the reminder, and room for quiet hours and restarts. */
export const INVITATION_LOOKBACK_MS = REVIEW_AFTER_PURCHASE_MS + REVIEW_REMINDER_AFTER_MS + 4 * 86_400_000;
const BATCH = 200;

export const optOutPath = (token: string) => `/api/reviews/opt-out/${token}`;

/** The opt-out token of a job's invitations: "<purchase id>.<HMAC>", so the reminder can carry the same link. */
export function optOutToken(secret: string, purchaseId: number): string {
  return `${purchaseId}.${createHmac("sha256", secret).update(`review-opt-out:${purchaseId}`).digest("base64url")}`;
}

export function invitationText(input: { business: string | null; jobUrl: string; optOutUrl: string; reminder: boolean; sitePhone: string }): string {
  const who = input.business ?? "your electrician";
  const ask = input.reminder ? `A reminder: how did ${who} go?` : `How did ${who} go with your job?`;
  return smsFromUs(`${ask} Leave a review: ${input.jobUrl} No more review texts: ${input.optOutUrl}`, input.sitePhone);
}

/** Queues every invitation and reminder due at `now`; true when it queued or decided any. */
export async function sweepInvitations(deps: InvitationDeps): Promise<boolean> {
  const now = deps.now();
  const candidates = await invitationCandidates(deps.db, new Date(now.getTime() - INVITATION_LOOKBACK_MS), now, BATCH);
  let busy = false;
  for (const job of candidates) {
    if (!job.invitedAt) {
      if (invitationFrom({ purchasedAt: job.purchasedAt, paidAt: job.paidAt, jobStartsAt: job.jobStartsAt }).getTime() > now.getTime()) continue;
      if (await invite(deps, job, now, false)) busy = true;
    } else if (now.getTime() - job.invitedAt.getTime() >= REVIEW_REMINDER_AFTER_MS) {
      if (await invite(deps, job, now, true)) busy = true;
    }
  }
  return busy;
}

/** The invitation or the reminder of one job, claimed and queued in one transaction. */
async function invite(deps: InvitationDeps, job: InvitationCandidate, now: Date, reminder: boolean): Promise<boolean> {
  const to = customerMobile(job);
  const token = optOutToken(deps.secret, job.purchaseId);
  return deps.db.transaction(async (tx) => {
    const claimed = reminder
      ? await claimReminder(tx, job.purchaseId, new Date(now.getTime() - REVIEW_REMINDER_AFTER_MS), now)
      : await claimInvitation(tx, job.purchaseId, sha256(token), now, !to);
    if (!claimed) return false;
    const event = `review.${reminder ? "reminder" : "invite"}:${job.purchaseId}`;
    if (!to) {
      await enqueueMessage(tx, {
        event,
        recipient: "sms:none",
        channel: "sms",
        leadId: job.leadId,
        payload: {},
        dueAt: now,
        dropped: "the customer's number takes no SMS",
      });
      return true;
    }
    const text = invitationText({
      business: await businessNameOf(tx, job.buyerId),
      jobUrl: `${deps.origin}${await createJobLink(tx, job.leadId, now)}`,
      optOutUrl: `${deps.origin}${optOutPath(token)}`,
      reminder,
      sitePhone: deps.sitePhone,
    });
    await enqueueMessage(tx, {
      event,
      recipient: `sms:${to}`,
      channel: "sms",
      leadId: job.leadId,
      payload: { to, text },
      dueAt: afterQuietHours(job.state, now),
      createdAt: now,
    });
    return true;
  });
}

/** The SMS's opt-out link: no more invitations or reminders for this job. False for a token that is not one. */
export async function optOutOfInvitations(deps: Pick<InvitationDeps, "db" | "now" | "secret">, token: string): Promise<boolean> {
  const purchaseId = Number(token.split(".")[0]);
  if (!Number.isSafeInteger(purchaseId) || purchaseId <= 0 || purchaseId > 2_147_483_647) return false;
  const expected = Buffer.from(optOutToken(deps.secret, purchaseId));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  if (!(await invitationOf(deps.db, purchaseId))) return false;
  await optOut(deps.db, purchaseId, deps.now());
  return true;
}

/** The worker's sweep (server/core/alerts/worker.ts `sweeps`). */
export function createInvitationSweep(deps: InvitationDeps) {
  return { name: "review invitations", run: () => sweepInvitations(deps) };
}
