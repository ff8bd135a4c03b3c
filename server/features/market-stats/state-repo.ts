// The price tape's one state row (docs/decisions/066-price-tape.md): its lock makes each pass run
// on one instance at a time; the others skip it rather than wait.
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { rowsOf } from "./count-repo";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface TapeState {
  counted_through: Date | string | null;
  dirty: boolean;
  published_at: Date | string | null;
  published_day: string | null;
}

/** Runs `work` holding the state row; false at once when another instance holds it. */
export async function lockTapeState(db: Db, work: (tx: Tx, state: TapeState) => Promise<boolean>): Promise<boolean> {
  await db.execute(sql`insert into market_tape_state (id) values (1) on conflict (id) do nothing`);
  return db.transaction(async (tx) => {
    const [state] = rowsOf<TapeState>(await tx.execute(sql`select * from market_tape_state where id = 1 for update skip locked`));
    return state ? work(tx, state) : false;
  });
}

export async function saveTapeState(tx: Tx, next: { countedThrough: Date; dirty: boolean; publishedAt: Date | string | null; publishedDay: string | null }) {
  const publishedAt = next.publishedAt === null ? null : new Date(next.publishedAt);
  await tx.execute(sql`
    update market_tape_state set counted_through = ${next.countedThrough}, dirty = ${next.dirty},
      published_at = ${publishedAt}, published_day = ${next.publishedDay}
    where id = 1`);
}
