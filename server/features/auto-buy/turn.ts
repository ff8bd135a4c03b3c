// The auto-buy turn (docs/decisions/064-auto-buy-engine.md): for one lead whose moment has come,
// which orders want it, whose turn is first (shared/auto-buy.ts compareForTurn: the highest
// maximum; on a tie, the owner with fewer auto-buys in 7 days, then the oldest order), and each
// ready order's try in that order until one buys it. What the try leaves says when to look again.
import { compareForTurn } from "../../../shared/auto-buy";
import { DAY_MS } from "../../../shared/durations";
import { priceNow } from "../../../shared/price-now";
import { toCents } from "../../../shared/pricing";
import type { Lead } from "../../../shared/schema";
import { customerIsAmong, sidesContactsOf } from "../../core/customers";
import { exclusionsOf, ordersById, recentAutoBuysOf, type OrderRow } from "./engine-repo";
import { buyForOrder, type OrderSaleDeps } from "./engine-sale";
import type { OrderBook } from "./order-book";
import { earliest, orderTakesLead, wantedAt } from "./rules";
import { deleteDue, finishDue } from "./schedule-repo";

/** A try that failed for a reason of its own (Stripe down) comes back after this long. */
const RETRY_MS = 5_000;

/** An order that takes a lead, and the first instant it would buy it (wantedAt). */
export interface Wanter {
  order: OrderRow;
  at: Date | null;
}

export interface Turns {
  /** The orders that want each of these leads (every rule but price, pause and caps), with when each would buy it. */
  wantersOf(onSale: Lead[], at: Date): Promise<Map<number, Wanter[]>>;
  /** When to look at the lead again: the next order's moment, or an order's own retry; never at once. */
  nextLook(wanters: Wanter[], retryAt: Map<number, Date | null>, at: Date): Date | null;
  /** One claimed lead some order is ready for: those ready try in turn; the row then says when to look again. */
  take(lead: Lead, wanters: Wanter[], leaseUntil: Date): Promise<void>;
}

export function createTurns(deps: OrderSaleDeps, book: OrderBook, lateness: number[]): Turns {
  const { db, logger, now } = deps;

  async function wantersOf(onSale: Lead[], at: Date): Promise<Map<number, Wanter[]>> {
    // The book narrows thousands of orders to the few that may want each lead; those are read again
    // from the database, so what decides (a pause, a new maximum, a card, the owner's standing) is
    // as the database has it now, whatever the book last heard.
    const fromBook = new Map(onSale.map((lead) => [lead.id, book.ordersTaking(lead, deps.payments.mode, at)]));
    const inBook = [...fromBook.values()].flat();
    const ownerIds = [...new Set(inBook.map((o) => o.ownerId))];
    const wanted = onSale.filter((lead) => fromBook.get(lead.id)!.length > 0).map((lead) => lead.id);
    const [rows, excluded, contacts] = await Promise.all([
      ordersById(db, [...new Set(inBook.map((o) => o.id))]),
      exclusionsOf(db, wanted, ownerIds),
      sidesContactsOf(db, ownerIds),
    ]);
    const fresh = new Map(rows.map((o) => [o.id, o]));
    const wanters = new Map<number, Wanter[]>();
    for (const lead of onSale) {
      const orders = fromBook
        .get(lead.id)!
        .map((o) => fresh.get(o.id))
        .filter((o): o is OrderRow => o !== undefined && orderTakesLead(o, lead, deps.payments.mode, at))
        .filter((o) => !excluded.has(`${lead.id}:${o.ownerId}`) && !customerIsAmong(lead, contacts.get(o.ownerId) ?? []));
      wanters.set(
        lead.id,
        orders.map((order) => ({ order, at: wantedAt(order, lead) })),
      );
    }
    return wanters;
  }

  /** Whose turn first (shared/auto-buy.ts compareForTurn); the owners' auto-buys of 7 days are counted only when two maximums tie. */
  async function inTurn(ready: Wanter[], at: Date): Promise<Wanter[]> {
    const maxima = ready.map((w) => toCents(w.order.maxPrice));
    const tied = ready.filter((_, i) => maxima.indexOf(maxima[i]!) !== maxima.lastIndexOf(maxima[i]!));
    const recent = await recentAutoBuysOf(db, [...new Set(tied.map((w) => w.order.ownerId))], new Date(at.getTime() - 7 * DAY_MS));
    const turn = (o: OrderRow) => ({
      orderId: o.id,
      maxPriceCents: toCents(o.maxPrice),
      ownerRecentAutoBuys: recent.get(o.ownerId) ?? 0,
      createdAt: o.createdAt,
    });
    return [...ready].sort((a, b) => compareForTurn(turn(a.order), turn(b.order)));
  }

  // A try that changed nothing waits a moment rather than spin.
  function nextLook(wanters: Wanter[], retryAt: Map<number, Date | null>, at: Date): Date | null {
    const next = earliest(wanters.map((w) => (retryAt.has(w.order.id) ? retryAt.get(w.order.id)! : w.at && w.at > at ? w.at : null)));
    return next && next <= at ? new Date(at.getTime() + 1_000) : next;
  }

  async function take(lead: Lead, wanters: Wanter[], leaseUntil: Date): Promise<void> {
    const at = now();
    const price = priceNow(lead, null, false, at);
    const ready = await inTurn(
      wanters.filter((w) => w.at !== null && w.at <= at && toCents(w.order.maxPrice) >= price.amountCents),
      at,
    );
    const retryAt = new Map<number, Date | null>();
    for (const { order, at: reached } of ready) {
      let outcome;
      try {
        outcome = await buyForOrder(deps, order, lead, price, at);
      } catch (err) {
        logger.error({ err, orderId: order.id, leadId: lead.id }, "auto-buy: an order's try failed; it is tried again shortly");
        retryAt.set(order.id, new Date(at.getTime() + RETRY_MS));
        continue;
      }
      if (outcome.kind === "sold") {
        lateness.push(now().getTime() - reached!.getTime());
        logger.info({ orderId: order.id, leadId: lead.id, purchaseId: outcome.purchaseId, price: price.amountCents }, "auto-buy: bought a lead for an order");
        return deleteDue(db, [lead.id]);
      }
      if (outcome.kind === "lost") return deleteDue(db, [lead.id]);
      retryAt.set(order.id, outcome.retryAt);
    }
    await finishDue(db, leaseUntil, [{ leadId: lead.id, dueAt: nextLook(wanters, retryAt, at), clock: lead.auctionStartedAt }]);
  }

  return { wantersOf, nextLook, take };
}
