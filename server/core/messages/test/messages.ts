// What the outbox tests share (docs/decisions/046-one-outbox.md): an SMS sender that records what
// would have gone out (and can be told to fail), and a clock the tests move by hand.
import type { Sms, SmsSender } from "../../../platform/sms";

export interface RecordingSms extends SmsSender {
  sent: Sms[];
  /** The next `count` sends throw this error (with `status`, as Twilio's SDK does). */
  failNext(count: number, status?: number): void;
  /** Every send waits this long first (a slow provider). */
  delay(ms: number): void;
  to(phone: string): Sms[];
}

export function recordingSms(): RecordingSms {
  const sent: Sms[] = [];
  let failures = 0;
  let failStatus: number | undefined;
  let delayMs = 0;
  return {
    kind: "log",
    sent,
    async send(sms) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (failures > 0) {
        failures--;
        throw Object.assign(new Error("the SMS provider is having a bad day"), { status: failStatus });
      }
      sent.push(sms);
    },
    failNext(count, status) {
      failures = count;
      failStatus = status;
    },
    delay(ms) {
      delayMs = ms;
    },
    to: (phone) => sent.filter((s) => s.to === phone),
  };
}

/** "2026-11-24 10:00" on a Sydney wall in late November (UTC+11). */
export const sydney = (wall: string) => new Date(`${wall.replace(" ", "T")}:00+11:00`);
/** "2026-11-24 10:00" on a Perth wall (UTC+8, no daylight saving). */
export const perth = (wall: string) => new Date(`${wall.replace(" ", "T")}:00+08:00`);

/** A clock the test moves: `clock.set(sydney("2026-11-24 10:00"))`, `clock.advance(60_000)`. */
export function movableClock(start: Date) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    set(at: Date) {
      t = at.getTime();
    },
    advance(ms: number) {
      t += ms;
    },
  };
}
