// The auto-buy's claims (docs/decisions/064-auto-buy-engine.md): the due rows this instance takes
// (FOR UPDATE SKIP LOCKED, so each lead is worked out once for all instances), worked out a batch
// at a time, and the tries started a few at a time so a lead coming due is not kept waiting
// behind another lead's sale.
import type { Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import type { Logger } from "../../platform/logger";
import { leadsOnSaleById } from "./engine-repo";
import { claimDue, deleteDue, finishDue, nextDueAt } from "./schedule-repo";
import type { Turns, Wanter } from "./turn";

/** Leads claimed at once: those no order is ready for cost a share of a few statements each. */
const CLAIM_BATCH = 100;
/** Claimed leads tried at once (each try is a short transaction, and a statement or two around it). */
const LANES = 4;

export interface Claims {
  /** Claims what is due and starts its tries; `wait`: until they have all finished, and claims again (a step by hand). */
  claimAndTry(wait: boolean): Promise<void>;
  /** Until every try started has finished. */
  settled(): Promise<void>;
  /** The earliest due row seen after the last claims: the loop wakes then rather than at its next tick. */
  readonly nextDue: Date | null;
}

export function createClaims(deps: { db: Db; logger: Logger; now: () => Date; leaseMs: number; stopped: () => boolean }, turns: Turns): Claims {
  const { db, logger, now } = deps;
  let nextDue: Date | null = null;
  /** Tries started and not yet finished. */
  const inFlight = new Set<Promise<void>>();

  /**
   * Claimed leads, worked out together: their leads and orders read in a few statements for the
   * whole batch; those no order is ready for get their next due time in one statement, the
   * others are tried a few at a time (leads falling together are not queued behind one another).
   */
  async function tryClaimed(leadIds: number[], leaseUntil: Date): Promise<void> {
    const at = now();
    const onSale = await leadsOnSaleById(db, leadIds);
    const listed = new Set(onSale.map((l) => l.id));
    await deleteDue(
      db,
      leadIds.filter((id) => !listed.has(id)),
    );
    const wanters = await turns.wantersOf(onSale, at);
    const later: Array<{ leadId: number; dueAt: Date | null; clock: Date }> = [];
    const trying: Array<{ lead: Lead; wanters: Wanter[] }> = [];
    for (const lead of onSale) {
      const its = wanters.get(lead.id)!;
      if (its.some((w) => w.at !== null && w.at <= at)) trying.push({ lead, wanters: its });
      else later.push({ leadId: lead.id, dueAt: turns.nextLook(its, new Map(), at), clock: lead.auctionStartedAt });
    }
    // Earliest moment first; the claims go on while these are tried (below).
    const first = (its: Wanter[]) => Math.min(...its.map((w) => (w.at ? w.at.getTime() : Infinity)));
    trying.sort((a, b) => first(a.wanters) - first(b.wanters));
    await finishDue(db, leaseUntil, later);
    for (const job of trying) await launch(job.lead, job.wanters, leaseUntil);
  }

  /** Starts a try without waiting for it, at most LANES at once: the loop goes on claiming while sales run. */
  async function launch(lead: Lead, wanters: Wanter[], leaseUntil: Date): Promise<void> {
    while (inFlight.size >= LANES) await Promise.race(inFlight);
    const run: Promise<void> = turns
      .take(lead, wanters, leaseUntil)
      .catch((err: unknown) => logger.error({ err, leadId: lead.id }, "auto-buy: a lead's try failed; its lease lapses and it is tried again"))
      .finally(() => inFlight.delete(run));
    inFlight.add(run);
  }

  async function settled(): Promise<void> {
    while (inFlight.size > 0) await Promise.all(inFlight);
  }

  async function claimAndTry(wait: boolean): Promise<void> {
    for (;;) {
      const at = now();
      const leaseUntil = new Date(at.getTime() + deps.leaseMs);
      const claimed = await claimDue(db, at, leaseUntil, CLAIM_BATCH);
      if (claimed.length > 0)
        await tryClaimed(
          claimed.map((row) => row.leadId),
          leaseUntil,
        );
      if (wait) await settled();
      if (claimed.length < CLAIM_BATCH || deps.stopped()) break;
    }
    nextDue = await nextDueAt(db);
  }

  return {
    claimAndTry,
    settled,
    get nextDue() {
      return nextDue;
    },
  };
}
