// Licence expiry reminders (docs/decisions/033): one e-mail per licence expiry, LICENCE_REMINDER_DAYS
// before it, however many app instances run the job. The claim is durable and single: a
// conditional UPDATE ... RETURNING marks licence_reminder_sent_for = licence_expiry, and only
// the instance whose UPDATE returned the row sends its mail. A new expiry (a renewed licence)
// makes the provider due again. docs/decisions/033-vetted-electricians.md.
import { addDays, sydneyDayKey } from "../../../shared/sydney-time";
import { LICENCE_REMINDER_DAYS } from "../../../shared/vetting";
import type { Db } from "../../platform/db/client";
import type { Logger } from "../../platform/logger";
import type { Mailer } from "../../platform/mail";
import { reminderMail } from "./mail";
import { claimDueReminders, releaseReminderClaim } from "./repo";

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  /** Where the mail's dashboard link points (PUBLIC_URL, or the local address). */
  siteOrigin: string;
}

/** One pass: claims what is due and mails it. The number of reminders sent. */
export async function sendDueLicenceReminders(deps: ReminderDeps): Promise<number> {
  const today = sydneyDayKey(deps.now());
  const due = await claimDueReminders(deps.db, today, addDays(today, LICENCE_REMINDER_DAYS));
  let sent = 0;
  for (const row of due) {
    try {
      await deps.mailer.send(reminderMail({ email: row.email!, firstName: row.firstName, username: row.username }, row.licenceExpiry!, deps.siteOrigin));
      sent++;
    } catch (err) {
      // Given back, so a later pass (on any instance) tries again: late beats never.
      deps.logger.error({ err, providerId: row.id }, "licence reminder e-mail failed; will retry");
      await releaseReminderClaim(deps.db, row.id, row.licenceExpiry!);
    }
  }
  if (sent > 0) deps.logger.info({ sent }, "licence expiry reminders sent");
  return sent;
}

export const LICENCE_REMINDER_INTERVAL_MS = 60 * 60_000;

/** Runs a pass now and then every `intervalMs`; `stop()` ends it and waits for a pass under way. */
export function startLicenceReminders(deps: ReminderDeps, intervalMs = LICENCE_REMINDER_INTERVAL_MS) {
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = sendDueLicenceReminders(deps).catch((err: unknown) => deps.logger.error({ err }, "licence reminder pass failed"));
  };
  pass();
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
