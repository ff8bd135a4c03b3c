// Test doubles for the injectable dependencies of createApp: the clock and the mailer.
import type { Mail, Mailer } from "../platform/mail/mailer";

/** A clock tests move by hand: `clock.advance(61 * 60_000)`. */
export function fakeClock(start = new Date()) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

/** Keeps every mail; `lastTo(email)` finds the newest one sent to that address. */
export function fakeMailer() {
  const sent: Mail[] = [];
  const mailer: Mailer & { sent: Mail[]; lastTo(to: string): Mail | undefined } = {
    sent,
    async send(mail) {
      sent.push(mail);
    },
    lastTo: (to) => [...sent].reverse().find((m) => m.to.toLowerCase() === to.toLowerCase()),
  };
  return mailer;
}

/** The token from a reset link in a mail or a resetUrl. */
export function resetTokenFrom(text: string): string {
  const match = /\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1]!;
}
