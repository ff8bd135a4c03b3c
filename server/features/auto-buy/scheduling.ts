// When a lead comes due for the auto-buy (docs/decisions/064-auto-buy-engine.md): there is one
// auto_buy_due row per lead on sale, due when its price next reaches some order's maximum. A lead
// the market's events name is due now (the instance that claims it works out its schedule); a
// saved order brings forward the leads it wants; the sweeps (changed orders each second,
// unscheduled or re-clocked leads each 5 s) are the safety net. The changed-orders sweep also
// keeps this instance's book of orders (order-book.ts).
import type { Lead } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import type { PaymentGateway } from "../../platform/payments";
import { databaseNow, leadsOnSale, ordersChangedAfter, type OrderRow } from "./engine-repo";
import type { OrderBook } from "./order-book";
import { areaOfOrder, orderTakesLead, wantedAt } from "./rules";
import { bringForward, deleteDue, dropSchedulesOffSale, leadsOfEvents, markDueNow } from "./schedule-repo";

/** Re-read this far behind the last look: an order's transaction may commit a moment after its updated_at. */
const ORDER_OVERLAP_MS = 2_000;
const SWEEP_BATCH = 500;

export interface Scheduling {
  /** A market event to act on at the next pass. */
  heard(eventId: number): void;
  /** Leads the market's events named: a new lead is due now, a changed one brought forward to now, a removed one dropped. */
  scheduleAnnounced(): Promise<void>;
  /** Orders saved since the last look go into the book and bring forward the leads they want. */
  sweepOrders(): Promise<void>;
  /** Leads on sale with no row, or a row from an old auction clock, are made due now; rows of leads off sale are dropped. */
  sweepLeads(): Promise<void>;
}

export function createScheduling(
  deps: { db: Db; now: () => Date; payments: Pick<PaymentGateway, "mode">; stopped: () => boolean },
  book: OrderBook,
): Scheduling {
  const { db, now } = deps;
  const eventIds = new Set<number>();
  /** When the last full look at changed orders began (the database's clock), and the changes acted on since a little before it (order id to its updated_at). */
  let lastLook = new Date(0);
  const actedOn = new Map<number, number>();
  let bookLoaded = false;

  /**
   * Read from a little before the last look began, in the database's clock (an order's
   * transaction may commit a moment after its updated_at); a change already acted on is
   * skipped. Not from behind the newest change: after a burst of saves that would re-read the
   * whole burst each second until the next save (10,000 orders: 600 ms a look). The first look
   * loads the book; an order leaves it when deleted, paused or its owner is no longer eligible.
   */
  async function sweepOrders(): Promise<void> {
    const loading = !bookLoaded;
    const lookAt = await databaseNow(db);
    let after = { at: new Date(lastLook.getTime() - ORDER_OVERLAP_MS), id: 0 };
    let onSale: Lead[] | null = null;
    for (;;) {
      const page = await ordersChangedAfter(db, after, SWEEP_BATCH, loading);
      const changed = page.filter((o) => actedOn.get(o.id) !== o.updatedAt.getTime());
      for (const o of changed) book.put(o, o.buying);
      const buying = changed.filter((o) => o.buying);
      if (buying.length > 0) {
        onSale ??= await leadsOnSale(db);
        await bringForwardFor(buying, onSale);
      }
      for (const o of page) actedOn.set(o.id, o.updatedAt.getTime());
      if (page.length < SWEEP_BATCH || deps.stopped()) break;
      after = { at: page.at(-1)!.updatedAt, id: page.at(-1)!.id };
    }
    if (deps.stopped()) return;
    bookLoaded = true;
    lastLook = lookAt;
    const forgetBefore = lastLook.getTime() - ORDER_OVERLAP_MS;
    for (const [id, at] of actedOn) if (at < forgetBefore) actedOn.delete(id);
  }

  /** A lead already under a changed order's maximum is due at once; others at the moment the order would buy. */
  async function bringForwardFor(changed: OrderRow[], onSale: Lead[]): Promise<void> {
    const at = now();
    const due = new Map<number, { leadId: number; dueAt: Date; clock: Date }>();
    for (const order of changed) {
      const area = areaOfOrder(order);
      for (const lead of onSale) {
        if (!orderTakesLead(order, lead, deps.payments.mode, at, area)) continue;
        const when = wantedAt(order, lead);
        const known = due.get(lead.id);
        if (when && (!known || when < known.dueAt)) due.set(lead.id, { leadId: lead.id, dueAt: when, clock: lead.auctionStartedAt });
      }
    }
    const wants = [...due.values()];
    for (let i = 0; i < wants.length; i += SWEEP_BATCH) await bringForward(db, wants.slice(i, i + SWEEP_BATCH), at);
  }

  async function sweepLeads(): Promise<void> {
    await dropSchedulesOffSale(db);
    // No order can buy: nothing to schedule (a lead left without a row is found once one is saved).
    if (book.size === 0) return;
    await markDueNow(db, now(), null);
  }

  async function scheduleAnnounced(): Promise<void> {
    const ids = [...eventIds];
    eventIds.clear();
    const events = await leadsOfEvents(db, ids);
    await deleteDue(
      db,
      events.filter((e) => e.type === "lead.removed").map((e) => e.leadId),
    );
    if (book.size === 0) return;
    await markDueNow(
      db,
      now(),
      events.filter((e) => e.type === "lead.added").map((e) => e.leadId),
    );
    await markDueNow(
      db,
      now(),
      events.filter((e) => e.type === "lead.updated").map((e) => e.leadId),
      true,
    );
  }

  return { heard: (eventId) => eventIds.add(eventId), scheduleAnnounced, sweepOrders, sweepLeads };
}
