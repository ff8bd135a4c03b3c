// Settling together (docs/decisions/117-intake-statements-built-once.md): one write at a time, the
// settles that arrive meanwhile in the next one, and a failed write tried again message by message.
import { describe, expect, it } from "vitest";
import type { OutboxMessage } from "../../../shared/schema";
import type { Settlement } from "./outbox-repo";
import { settleTogether } from "./settle-together";

const message = (id: number) => ({ id }) as OutboxMessage;
const sent = { status: "sent" } as const;
const ids = (batch: Settlement[]) => batch.map((s) => s.message.id);
const tick = () => new Promise((r) => setTimeout(r, 0));

/** A write the test lets finish, one call at a time. */
function heldWrites(refuse: (batch: Settlement[]) => boolean = () => false) {
  const calls: number[][] = [];
  const releases: Array<() => void> = [];
  const write = (batch: Settlement[]) => {
    calls.push(ids(batch));
    return new Promise<void>((resolve, reject) => releases.push(() => (refuse(batch) ? reject(new Error(`refused ${ids(batch).join()}`)) : resolve())));
  };
  const releaseNext = async () => {
    while (releases.length === 0) await new Promise((r) => setTimeout(r, 1));
    releases.shift()!();
  };
  return { calls, write, releaseNext };
}

describe("settling together", () => {
  it("when settles arrive while a write is on its way, then they go together in the next write, and each resolves once its own write is done", async () => {
    const writes = heldWrites();
    const settle = settleTogether(writes.write);
    const done: number[] = [];
    const first = settle(message(1), sent).then(() => done.push(1));
    const rest = [2, 3, 4].map((id) => settle(message(id), sent).then(() => done.push(id)));
    await tick();
    expect(writes.calls).toEqual([[1]]);
    await writes.releaseNext();
    await first;
    expect(done).toEqual([1]);
    await writes.releaseNext();
    await Promise.all(rest);
    expect(writes.calls).toEqual([[1], [2, 3, 4]]);
    expect(done).toEqual([1, 2, 3, 4]);
    // Quiet again: the next settle is written at once, alone.
    const later = settle(message(5), sent);
    await tick();
    expect(writes.calls).toEqual([[1], [2, 3, 4], [5]]);
    await writes.releaseNext();
    await later;
  });

  it("when a write of several fails, then each is written again alone, and only the one refused again fails", async () => {
    const writes = heldWrites((batch) => ids(batch).includes(3));
    const settle = settleTogether(writes.write);
    const first = settle(message(1), sent);
    const outcomes = [2, 3, 4].map((id) =>
      settle(message(id), sent).then(
        () => `${id} settled`,
        (err: Error) => `${id} failed: ${err.message}`,
      ),
    );
    for (let i = 0; i < 5; i++) await writes.releaseNext();
    await first;
    expect(await Promise.all(outcomes)).toEqual(["2 settled", "3 failed: refused 3", "4 settled"]);
    expect(writes.calls).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it("when the write throws before it returns a promise, then that settle fails and the next one is still written", async () => {
    let calls = 0;
    const settle = settleTogether(() => {
      calls++;
      if (calls === 1) throw new Error("thrown at once");
      return Promise.resolve();
    });
    await expect(settle(message(1), sent)).rejects.toThrow("thrown at once");
    await expect(settle(message(2), sent)).resolves.toBeUndefined();
  });
});
