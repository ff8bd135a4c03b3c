// The decode queue (slots.ts, docs/decisions/050-photos.md): at most `size` at once, the rest in
// order, and a full or slow queue refused with 503 rather than left waiting.
import { describe, expect, it } from "vitest";
import { PHOTO_MESSAGES } from "../../../shared/photos";
import { createSlots } from "./slots";

/** A task that runs until `release()` is called. */
function held() {
  let release = () => {};
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => done, release };
}

describe("createSlots", () => {
  it("when more tasks come than slots, then the rest wait and run in order as slots free", async () => {
    const run = createSlots(1, { maxWaiting: 5, maxWaitMs: 5000 });
    const first = held();
    const started: string[] = [];
    const a = run(() => (started.push("a"), first.task()));
    const b = run(async () => started.push("b"));
    const c = run(async () => started.push("c"));
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual(["a"]);
    first.release();
    await Promise.all([a, b, c]);
    expect(started).toEqual(["a", "b", "c"]);
  });

  it("when the queue is full, or a wait runs past its limit, then 503 says to try again, and the slots still work after", async () => {
    const run = createSlots(1, { maxWaiting: 1, maxWaitMs: 50 });
    const first = held();
    const running = run(first.task);
    const waiting = run(async () => "late");
    await expect(run(async () => "refused")).rejects.toMatchObject({ status: 503, message: PHOTO_MESSAGES.busy });
    await expect(waiting).rejects.toMatchObject({ status: 503 });
    first.release();
    await running;
    expect(await run(async () => "again")).toBe("again");
  });
});
