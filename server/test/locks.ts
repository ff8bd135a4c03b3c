// A lock held by a transaction of a test's own until the test lets go: a row (`select ... for
// update`) or a whole table (`lock table ...`), to show what waits for it and what does not.
import type { SQL } from "drizzle-orm";
import type { Db } from "../platform/db/client";

/** Runs `take` in a transaction and resolves once it holds the lock; `release` commits it and waits for the commit. */
export async function holdLock(db: Db, take: SQL): Promise<{ release(): Promise<void> }> {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const holding = db.transaction(async (tx) => {
    await tx.execute(take);
    held();
    await released;
  });
  // A failed take fails the holder at once rather than leaving the test waiting.
  await Promise.race([isHeld, holding]);
  return {
    async release() {
      letGo();
      await holding;
    },
  };
}
