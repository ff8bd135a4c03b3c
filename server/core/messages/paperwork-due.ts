// The paperwork's reminders (docs/decisions/105-paperwork-on-the-card.md): the electrician who works
// the job is told two days before a document is due and on the day, and the business owner once it
// is overdue, by the notice channels they take alerts on and on the dashboard. Swept on every worker
// pass; each step is claimed by one conditional UPDATE of the document's `reminded`, so it goes once
// however many instances sweep, and a moved deadline (a corrected test, a moved booking) starts
// again. A document due before the work starts (WA's Preliminary Notice) is also told of as soon as
// the job is booked, however far ahead. Nothing goes during the state's quiet hours: a step
// claimed at midnight waits for 07:00.
import { clockState, type ClockState } from "../../../shared/compliance-deadlines";
import { COMPLIANCE_DOCUMENTS, type ComplianceDocumentKey } from "../../../shared/compliance-documents";
import { formatStateDateTime } from "../../../shared/state-time-text";
import type { Db } from "../../platform/db/client";
import { dueOf } from "../paperwork";
import { enqueueProviderNotice } from "./notices";
import { claimReminder, dueDocuments } from "./paperwork-repo";
import { afterQuietHours } from "./quiet-hours";

/** One reminder: its name in the event and the claim, its title, and whether it goes to the owner. */
type Step = { key: string; title: (name: string) => string; owner: boolean };

const STEPS: Partial<Record<ClockState, Step>> = {
  due_in_2_days: { key: "due_in_2_days", title: (name) => `${name} due soon`, owner: false },
  due_today: { key: "due_today", title: (name) => `${name} due today`, owner: false },
  overdue: { key: "overdue", title: (name) => `${name} overdue`, owner: true },
};

/** Booked with the start more than two days away: the one "before the work starts" reminder until then. */
const BOOKED: Step = { key: "booked", title: (name) => `${name} before the work starts`, owner: false };

/** Claims and queues every paperwork reminder due at `now`; returns how many were queued. */
export async function enqueueDuePaperwork(db: Db, settings: { origin: string }, now: Date): Promise<number> {
  let queued = 0;
  for (const row of await dueDocuments(db, now)) {
    if (!(row.document in COMPLIANCE_DOCUMENTS)) continue;
    const d = COMPLIANCE_DOCUMENTS[row.document as ComplianceDocumentKey];
    const due = dueOf({ startsFrom: row.starts_from, dueAt: row.due_at }, row.job_starts_at);
    if (!due) continue;
    const clock = clockState(due, now, d.state);
    const step = clock === "ok" && d.startsFrom === "before_start" ? BOOKED : STEPS[clock];
    if (!step) continue;
    const claim = `${step.key}@${due.toISOString()}`;
    if (row.reminded === claim) continue;
    await db.transaction(async (tx) => {
      // The one claim: another instance's sweep that read the same row finds it changed and does nothing.
      if (!(await claimReminder(tx, row.id, row.reminded, claim))) return;
      const dueText = formatStateDateTime(due, d.state);
      await enqueueProviderNotice(tx, {
        event: `paperwork.${step.key}:${row.id}:${due.toISOString()}`,
        userId: step.owner ? row.buyer_id : row.worker_id,
        leadId: row.lead_id,
        title: `${row.job_reference}: ${step.title(d.name)}`,
        body:
          clock === "overdue"
            ? `It was due ${dueText} (${d.rule}). Open the job's Paperwork to finish it.`
            : `Due ${dueText} (${d.rule}). Open the job's Paperwork.`,
        origin: settings.origin,
        now,
        holdUntil: afterQuietHours(d.state, now),
      });
      queued += 1;
    });
  }
  return queued;
}
