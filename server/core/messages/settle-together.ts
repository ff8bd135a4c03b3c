// Settling sent messages together under load (docs/decisions/117-intake-statements-built-once.md).
import type { OutboxMessage } from "../../../shared/schema";
import type { MessageOutcome, Settlement } from "./outbox-repo";

type Waiting = Settlement & { settled: (failed: { err: unknown } | null) => void };

/**
 * Settles each message as its send ends, in one write with the others that ended while the last
 * write was on its way: alone when sends are few, together under load, never held back waiting
 * for more. A write that fails is tried again for each of its messages alone, so one message the
 * database refuses leaves the others settled (a write is safe to repeat: each row is guarded by
 * its claim's lease, which settling clears).
 */
export function settleTogether(write: (settlements: Settlement[]) => Promise<void>) {
  let waiting: Waiting[] = [];
  let writing = false;
  const attempt = (batch: Settlement[]) =>
    Promise.resolve()
      .then(() => write(batch))
      .then(
        () => null,
        (err: unknown) => ({ err }),
      );
  async function writeWaiting() {
    writing = true;
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      const failed = await attempt(batch);
      if (!failed || batch.length === 1) {
        for (const one of batch) one.settled(failed);
        continue;
      }
      for (const one of batch) one.settled(await attempt([one]));
    }
    writing = false;
  }
  return (message: OutboxMessage, outcome: MessageOutcome) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ message, outcome, settled: (failed) => (failed ? reject(failed.err) : resolve()) });
      if (!writing) void writeWaiting();
    });
}
