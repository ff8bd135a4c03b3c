// The auto-buy engine (docs/decisions/064-auto-buy-engine.md): every instance runs one. It keeps
// one auto_buy_due row per lead on sale (when its price next reaches some order's maximum),
// claims due rows with FOR UPDATE SKIP LOCKED, and tries the orders that want the lead in
// their turn (shared/auto-buy.ts compareForTurn). Woken by the market's events; the sweeps
// (changed orders each second, unscheduled or re-clocked leads each 5 s) are the safety net.
import { compareForTurn } from "../../shared/auto-buy";
import { priceNow } from "../../shared/price-now";
import { toCents } from "../../shared/pricing";
import type { Lead } from "../../shared/schema";
import type { MarketEvents, MarketSignal } from "../events";
import { customerIsAmong } from "../marketplace";
import { anyLiveOrder, leadsOnSale, ordersChangedAfter, ordersForLead, recentAutoBuysOf, sidePhonesOf, type OrderRow } from "./engine-repo";
import { buyForOrder, type OrderSaleDeps } from "./engine-sale";
import { earliest, orderTakesLead, wantedAt } from "./schedule";
import { bringForward, claimDue, deleteDue, dropSchedulesOffSale, finishDue, leadOfEvent, leadOnSale, leadsToSchedule, writeDue } from "./schedule-repo";

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
const LEASE_MS = 30_000;
/** Changed orders are looked at this often at most (DESIGN section 9: "within 1 s"). */
const ORDER_SWEEP_MS = 1_000;
/** Leads with no schedule, or one from an old auction clock, are found at least this often. */
const LEAD_SWEEP_MS = 5_000;
/** Re-read this far behind the last change seen: an order's transaction may commit after a later one's. */
const ORDER_OVERLAP_MS = 2_000;
const CLAIM_BATCH = 50;
/** Claimed leads tried at once (each try is a few queries and one short transaction). */
const LANES = 4;
const SWEEP_BATCH = 500;
/** While scheduling many leads, due ones are tried after every this many. */
const SCHEDULE_BETWEEN_CLAIMS = 10;
/** A try that failed for a reason of its own (Stripe down) comes back after this long. */
const RETRY_MS = 5_000;
const DAY_MS = 86_400_000;

export function createAutoBuyEngine(deps: AutoBuyEngineDeps): AutoBuyEngine {
  const { db, logger, now } = deps;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const lateness: number[] = [];
  const eventIds = new Set<number>();
  /** The newest order change seen, and the changes acted on near it (order id to its updated_at). */
  let newestChange = new Date(0);
  const actedOn = new Map<number, number>();
  let lastOrderSweep = 0;
  let lastLeadSweep = 0;
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  /** The orders that take this lead (every rule but price, pause and caps), with when each would buy it. */
  async function wantersOf(lead: Lead, at: Date) {
    const rows = (await ordersForLead(db, lead)).filter((o) => orderTakesLead(o, lead, deps.payments.mode, at));
    const phones = await sidePhonesOf(db, [...new Set(rows.map((o) => o.ownerId))]);
    return rows.filter((o) => !customerIsAmong(lead, phones.get(o.ownerId) ?? [])).map((order) => ({ order, at: wantedAt(order, lead) }));
  }

  /** The lead's due row worked out afresh from its auction clock and the orders. */
  async function schedule(leadId: number): Promise<void> {
    const lead = await leadOnSale(db, leadId);
    if (!lead) return deleteDue(db, leadId);
    const wanters = await wantersOf(lead, now());
    await writeDue(db, leadId, earliest(wanters.map((w) => w.at)), lead.auctionStartedAt);
  }

  /** One claimed lead: the orders wanting it now try in turn; the row then says when to look again. */
  async function attempt(leadId: number, leaseUntil: Date): Promise<void> {
    const lead = await leadOnSale(db, leadId);
    if (!lead) return deleteDue(db, leadId);
    const at = now();
    const wanters = await wantersOf(lead, at);
    const price = priceNow(lead, null, false, at);
    const ready = wanters.filter((w) => w.at !== null && w.at <= at && toCents(w.order.maxPrice) >= price.amountCents);
    const recent = await recentAutoBuysOf(db, [...new Set(ready.map((w) => w.order.ownerId))], new Date(at.getTime() - 7 * DAY_MS));
    const turn = (o: OrderRow) => ({
      orderId: o.id,
      maxPriceCents: toCents(o.maxPrice),
      ownerRecentAutoBuys: recent.get(o.ownerId) ?? 0,
      createdAt: o.createdAt,
    });
    ready.sort((a, b) => compareForTurn(turn(a.order), turn(b.order)));
    const retryAt = new Map<number, Date | null>();
    for (const { order, at: reached } of ready) {
      let outcome;
      try {
        outcome = await buyForOrder(deps, order, lead, price, at);
      } catch (err) {
        logger.error({ err, orderId: order.id, leadId }, "auto-buy: an order's try failed; it is tried again shortly");
        retryAt.set(order.id, new Date(at.getTime() + RETRY_MS));
        continue;
      }
      if (outcome.kind === "sold") {
        lateness.push(now().getTime() - reached!.getTime());
        logger.info({ orderId: order.id, leadId, purchaseId: outcome.purchaseId, price: price.amountCents }, "auto-buy: bought a lead for an order");
        return deleteDue(db, leadId);
      }
      if (outcome.kind === "lost") return deleteDue(db, leadId);
      retryAt.set(order.id, outcome.retryAt);
    }
    const next = earliest(wanters.map((w) => (retryAt.has(w.order.id) ? retryAt.get(w.order.id)! : w.at && w.at > at ? w.at : null)));
    // Never due again at once: a try that changed nothing waits a moment rather than spin.
    const floor = new Date(at.getTime() + 1_000);
    await finishDue(db, leadId, leaseUntil, next && next <= at ? floor : next, lead.auctionStartedAt);
  }

  /**
   * Orders saved since the last look bring forward the leads they want: one already under the
   * maximum is due at once. Read from a little behind the newest change seen (an order's
   * transaction may commit after a later one's); a change already acted on is skipped.
   */
  async function sweepOrders(): Promise<void> {
    let after = { at: new Date(newestChange.getTime() - ORDER_OVERLAP_MS), id: 0 };
    let onSale: Lead[] | null = null;
    for (;;) {
      const page = await ordersChangedAfter(db, after, SWEEP_BATCH);
      const changed = page.filter((o) => actedOn.get(o.id) !== o.updatedAt.getTime());
      if (changed.length > 0) {
        onSale ??= await leadsOnSale(db);
        await bringForwardFor(changed, onSale);
      }
      for (const o of page) {
        actedOn.set(o.id, o.updatedAt.getTime());
        if (o.updatedAt > newestChange) newestChange = o.updatedAt;
      }
      if (page.length < SWEEP_BATCH || stopped) break;
      after = { at: page.at(-1)!.updatedAt, id: page.at(-1)!.id };
    }
    const forgetBefore = newestChange.getTime() - ORDER_OVERLAP_MS;
    for (const [id, at] of actedOn) if (at < forgetBefore) actedOn.delete(id);
  }

  async function bringForwardFor(changed: OrderRow[], onSale: Lead[]): Promise<void> {
    const at = now();
    const due = new Map<number, { leadId: number; dueAt: Date; clock: Date }>();
    for (const lead of onSale) {
      for (const order of changed) {
        if (!orderTakesLead(order, lead, deps.payments.mode, at)) continue;
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
    // No order anywhere: nothing to schedule (a lead left without a row is found once one is saved).
    if (!(await anyLiveOrder(db))) return;
    for (;;) {
      const ids = await leadsToSchedule(db, SWEEP_BATCH);
      await scheduleAll(ids);
      if (ids.length < SWEEP_BATCH || stopped) return;
    }
  }

  /**
   * Schedules these leads, trying what is due between every few: a thousand leads going on sale
   * at once take seconds to schedule, and a lead already due must not wait behind them.
   */
  async function scheduleAll(ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length && !stopped; i++) {
      await schedule(ids[i]!);
      if (i % SCHEDULE_BETWEEN_CLAIMS === SCHEDULE_BETWEEN_CLAIMS - 1) await claimAndTry();
    }
  }

  /** Leads the market's events named: a new or changed lead is scheduled at once. */
  async function scheduleAnnounced(): Promise<void> {
    const ids = [...eventIds];
    eventIds.clear();
    if (ids.length === 0 || !(await anyLiveOrder(db))) return;
    const toSchedule: number[] = [];
    for (const id of ids) {
      const event = await leadOfEvent(db, id);
      if (!event) continue;
      if (event.type === "lead.removed") await deleteDue(db, event.leadId);
      else toSchedule.push(event.leadId);
    }
    await scheduleAll(toSchedule);
  }

  async function claimAndTry(): Promise<void> {
    for (;;) {
      const at = now();
      const leaseUntil = new Date(at.getTime() + leaseMs);
      const claimed = await claimDue(db, at, leaseUntil, CLAIM_BATCH);
      // Earliest due first, a few leads at a time: leads falling together are not queued behind one another.
      let next = 0;
      const lane = async () => {
        for (let row = claimed[next++]; row; row = claimed[next++]) {
          try {
            await attempt(row.leadId, leaseUntil);
          } catch (err) {
            logger.error({ err, leadId: row.leadId }, "auto-buy: a lead's try failed; its lease lapses and it is tried again");
          }
        }
      };
      await Promise.all(Array.from({ length: LANES }, lane));
      if (claimed.length < CLAIM_BATCH) return;
    }
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
    steps.push(["claims", claimAndTry]);
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (err) {
        logger.error({ err, step: name }, "auto-buy: a step failed; the next tick tries again");
      }
    }
  }

  function run(force: boolean): Promise<void> {
    if (running) {
      again = again || force;
      return running;
    }
    running = (async () => {
      try {
        let forced = force;
        do {
          again = false;
          await pass(forced);
          forced = false;
        } while (again && !stopped);
      } finally {
        running = null;
      }
    })();
    return running;
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
          timer = setTimeout(tick, deps.tickMs ?? TICK_MS);
          // As the alert worker's poll: the engine never keeps a process alive by itself (a bench, a script).
          timer.unref();
        });
      };
      tick();
    },
    runOnce: () => run(true),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe?.();
      await running;
    },
  };
}
