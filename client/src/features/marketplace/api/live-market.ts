// The live market in the browser (docs/product.md section 12): one EventSource on GET /api/leads/stream
// whose events are applied to the Leads tab's query cache as they arrive. While it is down the
// tab falls back to the 30 s poll.
import { useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type LeadRemovalReason, type MarketFilters, type MarketStreamEvents } from "@shared/marketplace";
import { MARKET_MESSAGES } from "@shared/market-messages";
import { QUERY_KEYS } from "@/lib/query-keys";
import { AVAILABLE_LEADS_KEY, type AvailableLeadPage } from "./available-leads";
import { PURCHASE_LEAD_KEY } from "./purchase";

type LeadPages = InfiniteData<AvailableLeadPage, string | null>;
type ChangeName = "lead.added" | "lead.updated" | "lead.removed";
export type MarketChange = { [E in ChangeName]: { name: E; data: MarketStreamEvents[E] } }[ChangeName];

export type StreamStatus = "connecting" | "live" | "reconnecting";

export interface LiveMarket {
  status: StreamStatus;
  /** Leads that slid in a moment ago: shown highlighted. */
  fresh: ReadonlySet<number>;
  /** Leads that left the market while this page was open, and why. */
  gone: ReadonlyMap<number, LeadRemovalReason>;
  /** One short line about the latest lead to leave the list; cleared after a few seconds. */
  notice: string | null;
}

const FRESH_MS = 8000;
const NOTICE_MS = 6000;
const GONE_KEPT = 200;

/**
 * Whether a new lead can simply go on top of the list: only in the newest-first order, and
 * only when it passes the service-type and photo filters (the stream already applied the
 * scope). Otherwise the list is refetched, so the server places it.
 */
export const insertsOnTop = (filters: MarketFilters, change: MarketChange) =>
  change.name !== "lead.added" ||
  (filters.sort === "newest" &&
    (!filters.serviceType?.length || filters.serviceType.includes(change.data.lead.serviceType as never)) &&
    (filters.withPhotos !== "true" || change.data.lead.photoCount > 0));

/** The loaded pages after one event; the same object when nothing shown changes. */
export function applyMarketChange(data: LeadPages | undefined, change: MarketChange): LeadPages | undefined {
  if (!data) return data;
  const has = (id: number) => data.pages.some((page) => page.leads.some((lead) => lead.id === id));
  const withPages = (pages: AvailableLeadPage[]) => ({ ...data, pages });
  if (change.name === "lead.removed") {
    if (!has(change.data.id)) return data;
    return withPages(
      data.pages.map((page, i) => ({ ...page, leads: page.leads.filter((l) => l.id !== change.data.id), total: i === 0 ? page.total - 1 : page.total })),
    );
  }
  const { lead } = change.data;
  if (change.name === "lead.updated")
    return has(lead.id) ? withPages(data.pages.map((page) => ({ ...page, leads: page.leads.map((l) => (l.id === lead.id ? lead : l)) }))) : data;
  // Newest auction first: a lead just put on sale goes to the top.
  if (has(lead.id)) return data;
  const [first, ...rest] = data.pages;
  return first ? withPages([{ ...first, leads: [lead, ...first.leads], total: first.total + 1 }, ...rest]) : data;
}

/**
 * Reads the list again, from now. A read already on its way may have been taken on the server
 * before what prompted this one: TanStack Query cancels it for a new read, except a first
 * load's, which it joins; that one lands as it is (the list shows sooner on a slow link), and
 * the list is read once more after it.
 */
export async function readListAgain(queryClient: QueryClient) {
  const firstLoad = queryClient
    .getQueryCache()
    .findAll({ queryKey: AVAILABLE_LEADS_KEY, fetchStatus: "fetching" })
    .some((query) => query.state.data === undefined);
  await queryClient.invalidateQueries({ queryKey: AVAILABLE_LEADS_KEY });
  if (firstLoad) await queryClient.invalidateQueries({ queryKey: AVAILABLE_LEADS_KEY });
}

/**
 * One change applied to the list on screen. A read of the list still on its way may have been
 * taken on the server before the change was committed: landing after it, it would undo the
 * change (a new lead missing until the next reload). Then the list is read again, from after the
 * change: the stream sends a change only once it is committed.
 */
export function applyToShownList(queryClient: QueryClient, filters: MarketFilters, change: MarketChange) {
  const readBefore = queryClient.isFetching({ queryKey: AVAILABLE_LEADS_KEY }) > 0;
  const onTop = insertsOnTop(filters, change);
  if (onTop) queryClient.setQueryData<LeadPages>([...AVAILABLE_LEADS_KEY, filters], (data) => applyMarketChange(data, change));
  if (readBefore || !onTop) void readListAgain(queryClient);
}

const AUTO_BOUGHT_NOTICE = "auto-bought by your standing order";

/**
 * Whether a sold lead is now in this buyer's pipeline because their auto-buy order bought it. Only
 * an owner with an active order asks: every other dashboard would read its pipeline at every sale.
 */
async function ownPurchase(queryClient: QueryClient, leadId: number): Promise<boolean> {
  const orders = queryClient.getQueryData<{ orders: Array<{ status: string }> }>(QUERY_KEYS.autoBuyOrders);
  if (!orders?.orders.some((o) => o.status === "active")) return false;
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.autoBuyOrders });
  await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.purchasedLeads });
  const pipeline = queryClient.getQueryData<Array<{ leadId: number }>>(QUERY_KEYS.purchasedLeads);
  return pipeline?.some((p) => p.leadId === leadId) ?? false;
}

/** A purchase this browser made or is making: its lead leaving is no news to this buyer. */
const buyingHere = (queryClient: QueryClient, leadId: number) =>
  queryClient
    .getMutationCache()
    .findAll({ mutationKey: PURCHASE_LEAD_KEY })
    .some((m) => (m.state.variables as { leadId?: number } | undefined)?.leadId === leadId && m.state.status !== "error");

export function useLiveMarket(enabled: boolean, filters: MarketFilters): LiveMarket {
  const scope = filters.scope;
  // The list on screen changes with the filters; the stream needs reopening only for the scope.
  const shownFilters = useRef(filters);
  shownFilters.current = filters;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>("connecting");
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [gone, setGone] = useState<ReadonlyMap<number, LeadRemovalReason>>(new Map());
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (fn: () => void, ms: number) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        fn();
      }, ms);
      timers.add(timer);
    };
    const refetch = () => void readListAgain(queryClient);

    function apply(change: MarketChange) {
      const before = queryClient.getQueryData<LeadPages>([...AVAILABLE_LEADS_KEY, shownFilters.current]);
      applyToShownList(queryClient, shownFilters.current, change);
      if (change.name === "lead.added") {
        const { id } = change.data.lead;
        // Back on sale (unpurchased): no longer gone.
        setGone((map) => (map.has(id) ? new Map([...map].filter(([x]) => x !== id)) : map));
        setFresh((ids) => new Set(ids).add(id));
        later(() => setFresh((ids) => new Set([...ids].filter((x) => x !== id))), FRESH_MS);
      }
      if (change.name !== "lead.removed") return;
      const { id, reason } = change.data;
      setGone((map) => new Map([...map, [id, reason] as const].slice(-GONE_KEPT)));
      // The owner's own auto-buy order may be the buyer (docs/decisions/065-auto-buy-screens.md):
      // the pipeline and the orders' spend are read again, and the notice says whose it is.
      const ours = reason === "sold" ? ownPurchase(queryClient, id) : Promise.resolve(false);
      const shown = before?.pages.flatMap((page) => page.leads).find((lead) => lead.id === id);
      if (!shown || buyingHere(queryClient, id)) return;
      void ours.then((mine) => {
        const text = `${shown.jobReference}: ${mine ? AUTO_BOUGHT_NOTICE : reason === "sold" ? MARKET_MESSAGES.soldToAnother : MARKET_MESSAGES.archivedMeanwhile}`;
        setNotice(text);
        later(() => setNotice((current) => (current === text ? null : current)), NOTICE_MS);
      });
    }

    let source: EventSource | null = null;
    let failures = 0;
    const connect = () => {
      const stream = new EventSource(`/api/leads/stream${scope ? `?scope=${scope}` : ""}`);
      source = stream;
      let opened = false;
      stream.onopen = () => {
        failures = 0;
        setStatus("live");
        // A new connection has nothing to replay from: what changed before it opened is fetched.
        if (!opened) refetch();
        opened = true;
      };
      stream.onerror = () => {
        setStatus("reconnecting");
        // The browser reconnects by itself, replaying from Last-Event-ID, unless the server
        // refused the stream (signed out, restarted mid-deploy): then try again a little later.
        if (stream.readyState === EventSource.CLOSED) later(connect, Math.min(30_000, 2000 * 2 ** failures++));
      };
      for (const name of ["lead.added", "lead.updated", "lead.removed"] as const) {
        stream.addEventListener(name, (e) => apply({ name, data: JSON.parse((e as MessageEvent<string>).data) } as MarketChange));
      }
      // The operator's verdict on this account (approved, rejected, licence renewed): the
      // dashboard's licence notice follows it at once; after a reset it may have been missed.
      const recheckStanding = () => void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.verification });
      stream.addEventListener("account.updated", recheckStanding);
      stream.addEventListener("market.reset", () => {
        refetch();
        recheckStanding();
      });
    };
    connect();
    return () => {
      timers.forEach(clearTimeout);
      source?.close();
      setStatus("connecting");
    };
  }, [enabled, scope, queryClient]);

  return { status, fresh, gone, notice };
}
