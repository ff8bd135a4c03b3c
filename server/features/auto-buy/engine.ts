// The auto-buy engine (docs/decisions/064-auto-buy-engine.md): every instance runs one. There is
// one auto_buy_due row per lead on sale (when its price next reaches some order's maximum): a lead
// that is new, changed or relisted gets a row due now, in one statement for many leads, and the
// instance that claims it (FOR UPDATE SKIP LOCKED) works out its schedule, once for all instances.
// A claimed lead whose moment has come is tried by the orders that want it in their turn
// (shared/auto-buy.ts compareForTurn). Which orders may want a lead comes from this instance's book
// of orders (order-book.ts), kept by the changed-orders sweep each second; those orders are read
// again from the database at the try. Woken by the market's events; the sweeps (changed orders
// each second, unscheduled or re-clocked leads each 5 s) are the safety net.
import { compareForTurn } from "../../../shared/auto-buy";
import { priceNow } from "../../../shared/price-now";
import { toCents } from "../../../shared/pricing";
import type { Lead } from "../../../shared/schema";
import type { MarketEvents, MarketSignal } from "../../platform/events";
import { customerIsAmong } from "../../core/customers";
import {
  databaseNow,
  exclusionsOf,
  leadsOnSale,
  leadsOnSaleById,
  ordersById,
  ordersChangedAfter,
  recentAutoBuysOf,
  sideContactsOf,
  type OrderRow,
} from "./engine-repo";
import { buyForOrder, type OrderSaleDeps } from "./engine-sale";
import { createOrderBook } from "./order-book";
import { areaOfOrder, earliest, orderTakesLead, wantedAt } from "./schedule";
import { bringForward, claimDue, deleteDue, dropSchedulesOffSale, finishDue, leadsOfEvents, markDueNow, nextDueAt } from "./schedule-repo";

export interface AutoBuyEngineDeps extends OrderSaleDeps {
  events: MarketEvents;
  /** How often the loop looks for due rows (ms). */
  tickMs?: number;
  /** How long a claim keeps a due row from other instances (ms). */
  leaseMs?: number;
}

export interface AutoBuyEngine {
  start(): Promise<void>;
  /** Every step until nothing is due now, both sweeps included (tests step the engine by hand). */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
  /** Milliseconds from the moment a lead's price reached the winning order's maximum to the sale's commit, one per sale since start. */
  readonly lateness: number[];
}

const TICK_MS = 200;
/** The shortest wait between passes of the loop, when a row is due already (another instance may hold it for a moment). */
const MIN_WAIT_MS = 5;
const LEASE_MS = 30_000;
/** Changed orders are looked at this often at most (DESIGN section 9: "within 1 s"). */
const ORDER_SWEEP_MS = 1_000;
/** Leads with no schedule, or one from an old auction clock, are found at least this often. */
const LEAD_SWEEP_MS = 5_000;
/** Re-read this far behind the last look: an order's transaction may commit a moment after its updated_at. */
const ORDER_OVERLAP_MS = 2_000;
/** Leads claimed at once: those no order is ready for cost a share of a few statements each. */
const CLAIM_BATCH = 100;
/** Claimed leads tried at once (each try is a short transaction, and a statement or two around it). */
const LANES = 4;
const SWEEP_BATCH = 500;
/** A try that failed for a reason of its own (Stripe down) comes back after this long. */
const RETRY_MS = 5_000;
const DAY_MS = 86_400_000;

/** An order that takes a lead, and the first instant it would buy it (wantedAt). */
interface Wanter {
  order: OrderRow;
  at: Date | null;
}

export function createAutoBuyEngine(deps: AutoBuyEngineDeps): AutoBuyEngine {
  const { db, logger, now } = deps;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const lateness: number[] = [];
  const eventIds = new Set<number>();
  /** When the last full look at changed orders began (the database's clock), and the changes acted on since a little before it (order id to its updated_at). */
  let lastLook = new Date(0);
  const actedOn = new Map<number, number>();
  /** The orders that can buy, as the order sweep last read them; loaded by its first look. */
  const book = createOrderBook();
  let bookLoaded = false;
  /** The earliest due row seen after the last claims: the loop wakes then rather than at its next tick. */
  let nextDue: Date | null = null;
  let lastOrderSweep = 0;
  let lastLeadSweep = 0;
  let running: Promise<void> | null = null;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  /** Tries started and not yet finished. */
  const inFlight = new Set<Promise<void>>();

  /** The orders that want each of these leads (every rule but price, pause and caps), with when each would buy it. */
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
      sideContactsOf(db, ownerIds),
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

  /** When to look at the lead again: the next order's moment, or an order's own retry; never at once (a try that changed nothing waits a moment rather than spin). */
  function nextLook(wanters: Wanter[], retryAt: Map<number, Date | null>, at: Date): Date | null {
    const next = earliest(wanters.map((w) => (retryAt.has(w.order.id) ? retryAt.get(w.order.id)! : w.at && w.at > at ? w.at : null)));
    return next && next <= at ? new Date(at.getTime() + 1_000) : next;
  }

  /** One claimed lead some order is ready for: those ready try in turn; the row then says when to look again. */
  async function attempt(lead: Lead, wanters: Wanter[], leaseUntil: Date): Promise<void> {
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
    const wanters = await wantersOf(onSale, at);
    const later: Array<{ leadId: number; dueAt: Date | null; clock: Date }> = [];
    const trying: Array<{ lead: Lead; wanters: Wanter[] }> = [];
    for (const lead of onSale) {
      const its = wanters.get(lead.id)!;
      if (its.some((w) => w.at !== null && w.at <= at)) trying.push({ lead, wanters: its });
      else later.push({ leadId: lead.id, dueAt: nextLook(its, new Map(), at), clock: lead.auctionStartedAt });
    }
    // Earliest moment first; the claims go on while these are tried (below).
    const first = (its: Wanter[]) => Math.min(...its.map((w) => (w.at ? w.at.getTime() : Infinity)));
    trying.sort((a, b) => first(a.wanters) - first(b.wanters));
    await finishDue(db, leaseUntil, later);
    for (const job of trying) await launch(job.lead, job.wanters, leaseUntil);
  }

  /**
   * Starts a try without waiting for it, at most LANES at once: the loop goes on claiming while
   * sales run, so a lead coming due is not kept waiting behind another lead's sale.
   */
  async function launch(lead: Lead, wanters: Wanter[], leaseUntil: Date): Promise<void> {
    while (inFlight.size >= LANES) await Promise.race(inFlight);
    const run: Promise<void> = attempt(lead, wanters, leaseUntil)
      .catch((err: unknown) => logger.error({ err, leadId: lead.id }, "auto-buy: a lead's try failed; its lease lapses and it is tried again"))
      .finally(() => inFlight.delete(run));
    inFlight.add(run);
  }

  /** Until every try started has finished. */
  async function settled(): Promise<void> {
    while (inFlight.size > 0) await Promise.all(inFlight);
  }

  /**
   * Orders saved since the last look go into the book (or out of it: deleted, paused, their owner
   * no longer eligible) and bring forward the leads they want: one already under the maximum is
   * due at once. Read from a little before the last look began, in the database's clock (an
   * order's transaction may commit a moment after its updated_at); a change already acted on is
   * skipped. Not from behind the newest change: after a burst of saves that would re-read the
   * whole burst each second until the next save (10,000 orders: 600 ms a look). The first look
   * loads the book.
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
      if (page.length < SWEEP_BATCH || stopped) break;
      after = { at: page.at(-1)!.updatedAt, id: page.at(-1)!.id };
    }
    if (stopped) return;
    bookLoaded = true;
    lastLook = lookAt;
    const forgetBefore = lastLook.getTime() - ORDER_OVERLAP_MS;
    for (const [id, at] of actedOn) if (at < forgetBefore) actedOn.delete(id);
  }

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

  /** Leads on sale with no row, or a row from an old auction clock, are made due now in one statement; rows of leads off sale are dropped. */
  async function sweepLeads(): Promise<void> {
    await dropSchedulesOffSale(db);
    // No order can buy: nothing to schedule (a lead left without a row is found once one is saved).
    if (book.size === 0) return;
    await markDueNow(db, now(), null);
  }

  /** Leads the market's events named: a new lead is due now (the instance that claims it works it out), a changed one brought forward to now. */
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

  /** Claims what is due and starts its tries; `wait`: until they have all finished, and claims again (a step by hand). */
  async function claimAndTry(wait: boolean): Promise<void> {
    for (;;) {
      const at = now();
      const leaseUntil = new Date(at.getTime() + leaseMs);
      const claimed = await claimDue(db, at, leaseUntil, CLAIM_BATCH);
      if (claimed.length > 0)
        await tryClaimed(
          claimed.map((row) => row.leadId),
          leaseUntil,
        );
      if (wait) await settled();
      if (claimed.length < CLAIM_BATCH || stopped) break;
    }
    nextDue = await nextDueAt(db);
  }

  async function pass(force: boolean): Promise<void> {
    const wall = Date.now();
    const steps: Array<[string, () => Promise<unknown>]> = [["events", scheduleAnnounced]];
    if (force || wall - lastOrderSweep >= ORDER_SWEEP_MS) {
      lastOrderSweep = wall;
      steps.push(["orders", sweepOrders]);
    }
    if (force || wall - lastLeadSweep >= LEAD_SWEEP_MS) {
      lastLeadSweep = wall;
      steps.push(["leads", sweepLeads]);
    }
    steps.push(["claims", () => claimAndTry(force)]);
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (err) {
        logger.error({ err, step: name }, "auto-buy: a step failed; the next tick tries again");
      }
    }
  }

  /** One pass unless one is running already (a tick or a market event): then that one will do. */
  function run(force: boolean): Promise<void> {
    if (running) return running;
    running = pass(force).finally(() => {
      running = null;
    });
    return running;
  }

  /**
   * A forced pass of its own, after the one running: joined to a running pass, a step by hand
   * would return while the tries that pass started were still in flight, and before the sweeps
   * had looked at what was saved since it began.
   */
  async function runOwnPass(): Promise<void> {
    while (running) await running;
    return run(true);
  }

  const onSignal = (signal: MarketSignal) => {
    if (stopped) return;
    if ("eventId" in signal) eventIds.add(signal.eventId);
    else if ("reset" in signal) lastLeadSweep = 0;
    else return;
    if (started) void run(false);
  };

  return {
    lateness,
    async start() {
      started = true;
      unsubscribe = await deps.events.subscribe(onSignal);
      const tick = () => {
        if (stopped) return;
        void run(false).finally(() => {
          if (stopped) return;
          // At the next tick, or sooner when a row comes due before it: a lead's moment is not kept waiting for the tick.
          const tickMs = deps.tickMs ?? TICK_MS;
          const untilDue = nextDue ? nextDue.getTime() - now().getTime() + 1 : tickMs;
          timer = setTimeout(tick, Math.max(MIN_WAIT_MS, Math.min(tickMs, untilDue)));
          // As the alert worker's poll: the engine never keeps a process alive by itself (a bench, a script).
          timer.unref();
        });
      };
      tick();
    },
    runOnce: runOwnPass,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe?.();
      await running;
      await settled();
    },
  };
}
