// The owner's caps across all their orders (docs/decisions/083-auto-buy-says-what-it-buys.md):
// "at most N leads a day" and "at most $X a week" beside each order's own, counted in the same
// Sydney day and Monday week (shared/auto-buy.ts capWindows). Blank is no business cap.
import { capWindows, type AutoBuyBusinessCaps } from "../../../shared/auto-buy";
import { fromCents } from "../../../shared/pricing";
import type { Db } from "../../platform/db/client";
import { businessCapsOf, saveBusinessCaps, type BusinessCapsRow } from "./business-caps-repo";
import { capUseOf } from "./engine-repo";

export async function businessCapsFor(db: Db, ownerId: number, now: Date): Promise<AutoBuyBusinessCaps> {
  const [caps, used] = await Promise.all([businessCapsOf(db, ownerId), capUseOf(db, { ownerId }, capWindows(now))]);
  return {
    maxPerDay: caps?.maxPerDay ?? null,
    maxPerWeek: caps?.maxPerWeek ?? null,
    boughtToday: used.boughtToday,
    spentThisWeek: fromCents(used.spentThisWeekCents),
  };
}

export async function setBusinessCaps(db: Db, ownerId: number, caps: BusinessCapsRow, now: Date): Promise<AutoBuyBusinessCaps> {
  await saveBusinessCaps(db, ownerId, caps);
  return businessCapsFor(db, ownerId, now);
}
