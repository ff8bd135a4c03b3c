// The rate limits' hits of one turn counted in one statement (server/platform/http/limit-counts-repo.ts):
// every hit still gets its own total, as when each was counted alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { countHit } from "./limit-counts-repo";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database.destroy());

const window = (start: string) => [new Date(start), new Date(new Date(start).getTime() + 60_000)] as const;

describe("rate limit hits counted together", () => {
  it("when hits of several keys and windows come in one turn, then each key's window counts them all and each hit gets its own total", async () => {
    const { db } = database;
    const [now, nowEnds] = window("2026-11-28T04:00:00.000Z");
    const [next, nextEnds] = window("2026-11-28T04:01:00.000Z");
    const first = await Promise.all([
      countHit(db, "quote:203.0.113.7", now, nowEnds),
      countHit(db, "quote:203.0.113.7", now, nowEnds),
      countHit(db, "quote:198.51.100.2", now, nowEnds),
      countHit(db, "quote:203.0.113.7", now, nowEnds),
      countHit(db, "quote:203.0.113.7", next, nextEnds),
      countHit(db, "quote:198.51.100.2", now, nowEnds),
    ]);
    const mine = [first[0], first[1], first[3]];
    expect(mine.sort()).toEqual([1, 2, 3]);
    expect([first[2], first[5]].sort()).toEqual([1, 2]);
    expect(first[4]).toBe(1);

    // A later turn counts on from the stored totals.
    expect(await countHit(db, "quote:203.0.113.7", now, nowEnds)).toBe(4);
    expect(await Promise.all([countHit(db, "quote:198.51.100.2", now, nowEnds), countHit(db, "quote:198.51.100.2", now, nowEnds)])).toEqual(
      expect.arrayContaining([3, 4]),
    );
    expect(await countHit(db, "quote:203.0.113.7", next, nextEnds)).toBe(2);
  });
});
