// A message to the electrician who works a job (docs/decisions/046-one-outbox.md): by push to each
// device and/or e-mail as their alert preferences say, like the contact-promise reminder. Queued in
// the transaction of the change it tells of; when neither channel is on, one dropped row records
// that the event was decided.
import { DEFAULT_ALERT_PREFERENCES } from "../../shared/alerts";
import type { Db } from "../db/client";
import { enqueueMessage, type OutboxEntry } from "./outbox-repo";
import { reminderChannels } from "./purchases-repo";

export interface ProviderNotice {
  /** `<what happened>:<purchaseId>`; with the recipient, unique: a second enqueue is a no-op. */
  event: string;
  userId: number;
  leadId: number;
  title: string;
  body: string;
  /** The push's tag: a later notice with the same tag replaces it on the device. */
  tag: string;
}

/** The rows one notice becomes: push and/or e-mail, or one dropped row saying why nothing goes. */
export async function enqueueProviderNotice(tx: Db, notice: ProviderNotice, settings: { origin: string }, now: Date): Promise<void> {
  const [to] = await reminderChannels(tx, [notice.userId], DEFAULT_ALERT_PREFERENCES);
  const base = { event: notice.event, leadId: notice.leadId, dueAt: now };
  const push: OutboxEntry = {
    ...base,
    recipient: `user:${notice.userId}`,
    channel: "push",
    payload: { title: notice.title, body: notice.body, url: "/dashboard", tag: notice.tag, urgent: false },
  };
  const entries: OutboxEntry[] = [];
  if (to?.pushEnabled && to.devices > 0) entries.push(push);
  if (to?.emailEnabled && to.email) {
    entries.push({
      ...base,
      recipient: `user:${notice.userId}:email`,
      channel: "email",
      payload: {
        to: to.email,
        subject: notice.title,
        text: [notice.body, "", `Open your dashboard: ${settings.origin}/dashboard`, "", "Change what you are sent under Alerts on your dashboard."].join("\n"),
      },
    });
  }
  if (entries.length === 0) entries.push({ ...push, dropped: "push and e-mail alerts are off, or there is nowhere to send them" });
  for (const entry of entries) await enqueueMessage(tx, entry);
}
