// The rate limits' hits of one turn counted in one statement (server/platform/http/limit-counts-repo.ts):
// every hit still gets its own total, as when each was counted alone.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitCounts } from "../../../shared/schema";
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
    // Each window's row ends with its window: the prune deletes it no sooner.
    const [stored] = await db.select().from(rateLimitCounts).where(eq(rateLimitCounts.key, "quote:198.51.100.2"));
    expect(stored).toMatchObject({ hits: 4, windowStart: now, expiresAt: nowEnds });
  });

  it("when a key is one jsonb refuses (a lone half of an emoji, a NUL), then it and the other hits of its turn are still counted", async () => {
    const { db } = database;
    const [now, ends] = window("2026-11-28T05:00:00.000Z");
    const counted = await Promise.all([
      countHit(db, "login:user:x\ud800", now, ends),
      countHit(db, "login:ip:203.0.113.9", now, ends),
      countHit(db, "login:user:x\ufffd", now, ends),
      countHit(db, "login:user:nul\u0000here", now, ends),
    ]);
    // The lone half was stored as U+FFFD when it went as a text parameter: both are one key still.
    expect([counted[0], counted[2]].sort()).toEqual([1, 2]);
    expect(counted[1]).toBe(1);
    expect(counted[3]).toBe(1);
  });

  it("when many turns' hits are in flight at once with their keys in different orders, then none waits on another in a circle and every hit is counted", async () => {
    const { db } = database;
    const [now, ends] = window("2026-11-28T06:00:00.000Z");
    const keys = Array.from({ length: 12 }, (_, i) => `quote:192.0.2.${i}`);
    const turns = 16;
    // Each turn asks for every key, in its own order (reversed every other turn, rotated by the turn).
    const asked = await new Promise<Promise<number>[][]>((resolve) => {
      const all: Promise<number>[][] = [];
      const ask = (turn: number) => {
        const order = keys.map((_, i) => keys[(i + turn) % keys.length]!);
        if (turn % 2) order.reverse();
        all.push(order.map((key) => countHit(db, key, now, ends)));
        if (turn + 1 < turns) setImmediate(() => ask(turn + 1));
        else resolve(all);
      };
      ask(0);
    });
    const totals = await Promise.all(asked.flat());
    expect(totals).toHaveLength(turns * keys.length);
    const rows = await db.select().from(rateLimitCounts).where(eq(rateLimitCounts.windowStart, now));
    expect(rows.map((r) => r.hits)).toEqual(keys.map(() => turns));
    // Every key's hits got the totals 1..turns, each once.
    expect(totals.filter((t) => t === turns)).toHaveLength(keys.length);
    expect(new Set(totals)).toEqual(new Set(Array.from({ length: turns }, (_, i) => i + 1)));
  }, 20_000);
});
