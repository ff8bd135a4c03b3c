// The live market on one instance (docs/product.md section 12 "Stream"): the open streams, and each
// committed event fanned out to them. An event's lead is loaded once per instance, then built
// per viewer by the one redaction function (toMarketLead), exactly as GET /api/leads shows it.
import { randomUUID } from "node:crypto";
import type { Response } from "express";
import type { CurrentUser } from "../../../shared/auth";
import {
  MARKET_STREAMS_PER_USER,
  TOO_MANY_STREAMS,
  type MarketStreamCursor,
  type MarketStreamEventName,
  type MarketStreamEvents,
} from "../../../shared/marketplace";
import type { MarketScope } from "../../../shared/market-terms";
import type { Db } from "../../platform/db/client";
import type { MarketEvents, MarketSignal } from "../../platform/events";
import { marketEventsByIds, marketEventsSince, pruneMarketEvents, startingCursor, type LoadedMarketEvent } from "./event-repo";
import { cursorText, passes, streamCursor, type StreamCursor } from "./stream-cursor";
import { pruneStreamLeases, releaseStreamLeases, renewStreamLeases, takeStreamLease } from "./stream-lease-repo";
import { AppError } from "../../platform/http/errors";
import { photoIdsByLead } from "../../core/photos";
import { SSE_HEARTBEAT, sseId, sseIdLine, sseUnnumbered, startEventStream } from "../../platform/http/sse";
import type { Logger } from "../../platform/logger";
import { customerIsAmong, sideContactsOf } from "../../core/customers";
import { buyerSideOf, viewerSeesLead, toMarketLead } from "../../core/listing";

export interface LiveMarketDeps {
  db: Db;
  events: MarketEvents;
  logger: Logger;
  now: () => Date;
  /** docs/product.md section 12: a heartbeat comment at least every 20 s. */
  heartbeatMs: number;
}

interface Stream {
  viewer: CurrentUser;
  scope: MarketScope;
  res: Response;
  /** The contacts of the viewer's side as the stream opened: their own customers' leads are not theirs to see. */
  sideContacts: string[];
  /** The events it has been through and those still owed to it: each is sent once, late ones too. */
  cursor: StreamCursor;
}

/** A reader this far behind is dropped; its browser reconnects and replays from its last id. */
const MAX_UNSENT_BYTES = 1 << 20;
const PRUNE_EVERY_MS = 60_000;
/** A stream counts while its lease runs (docs/decisions/075-limits-and-edges.md); its instance renews it well before. */
const STREAM_LEASE_MS = 60_000;
const STREAM_RENEW_MS = 20_000;
const RETRY_MS = 1000;

export type LiveMarket = ReturnType<typeof createLiveMarket>;

export function createLiveMarket(deps: LiveMarketDeps) {
  const { db, logger } = deps;
  const streams = new Set<Stream>();
  /** This instance's stream leases (docs/decisions/075-limits-and-edges.md), renewed until their streams close. */
  const leases = new Map<string, number>();
  let pendingIds: number[] = [];
  let resetPending = false;
  let subscribed: Promise<() => void> | null = null;
  let closed = false;
  // One task at a time, in order: a stream's replay and the live events never interleave.
  let queue = Promise.resolve();
  const serially = (task: () => Promise<void>) => {
    queue = queue.then(task).catch((err) => logger.error({ err }, "live market: could not deliver events"));
    return queue;
  };

  const heartbeat = setInterval(() => streams.forEach((s) => write(s, SSE_HEARTBEAT)), deps.heartbeatMs);
  const pruning = setInterval(() => pruneMarketEvents(db).catch((err) => logger.warn({ err }, "live market: pruning failed")), PRUNE_EVERY_MS);
  const renewing = setInterval(() => {
    renewStreamLeases(
      db,
      [...leases].map(([id, userId]) => ({ id, userId })),
      STREAM_LEASE_MS,
    )
      .then(() => pruneStreamLeases(db))
      .catch((err) => logger.warn({ err }, "live market: could not renew the streams' leases"));
  }, STREAM_RENEW_MS);
  heartbeat.unref();
  pruning.unref();
  renewing.unref();

  function write(stream: Stream, text: string) {
    const { res } = stream;
    if (res.writableEnded || res.destroyed) return void streams.delete(stream);
    if (res.writableLength > MAX_UNSENT_BYTES) {
      streams.delete(stream);
      return void res.end();
    }
    res.write(text);
  }

  function onSignal(signal: MarketSignal) {
    if ("accountOf" in signal) return tellAccount(signal.accountOf);
    if ("reset" in signal) resetPending = true;
    else pendingIds.push(signal.eventId);
    void serially(deliverPending);
  }

  /** This user's standing changed: their streams say so (no id: not a market event to replay). */
  function tellAccount(userId: number) {
    for (const stream of streams) if (stream.viewer.id === userId) write(stream, ACCOUNT_UPDATED);
  }

  async function deliverPending() {
    const ids = pendingIds;
    pendingIds = [];
    try {
      if (resetPending) {
        resetPending = false;
        const start = await startingCursor(db);
        for (const stream of streams) {
          stream.cursor = streamCursor(start, deps.now().getTime());
          write(stream, reset(cursorText(stream.cursor)));
        }
      }
      if (ids.length === 0) return;
      const now = deps.now();
      const events = await addPhotoIds(db, await marketEventsByIds(db, ids));
      const shared = events.map((event) => (event.type === "lead.removed" ? removal(event) : null));
      // One write per stream per batch: under a burst of sales a stream gets them all in one packet.
      for (const stream of streams) {
        let text = "";
        events.forEach((event, i) => {
          if (!passes(stream.cursor, event.id, now.getTime())) return;
          const body = shared[i] ?? messageFor(event, stream, now);
          // Each event carries the cursor as it stands after it: a connection cut mid-packet resumes right.
          if (body) text += sseIdLine(cursorText(stream.cursor)) + body;
        });
        if (text) write(stream, text);
      }
    } catch (err) {
      // The database is away: these events are lost to the streams, so once it answers
      // again every stream is told to refetch.
      logger.warn({ err }, "live market: could not load events; streams will be told to refetch");
      resetPending = true;
      setTimeout(() => void serially(deliverPending), RETRY_MS).unref();
    }
  }

  /** What a stream is sent before it goes live: a starting id, the events it missed, or a reset. */
  async function catchUp(stream: Stream, lastEventId: MarketStreamCursor | "invalid" | null) {
    const starting = async () => (stream.cursor = streamCursor(await startingCursor(db), deps.now().getTime()));
    if (lastEventId === null) return write(stream, sseId(cursorText(await starting())));
    const missed = lastEventId === "invalid" ? null : await addPhotoIds(db, await marketEventsSince(db, lastEventId));
    if (lastEventId === "invalid" || missed === null) return write(stream, reset(cursorText(await starting())));
    const now = deps.now();
    stream.cursor = streamCursor(lastEventId, now.getTime());
    let text = "";
    for (const event of missed) {
      if (!passes(stream.cursor, event.id, now.getTime())) continue;
      const body = messageFor(event, stream, now);
      if (body) text += sseIdLine(cursorText(stream.cursor)) + body;
    }
    // Ends on the cursor even when nothing was for this viewer: "caught up, live from here".
    write(stream, text + sseId(cursorText(stream.cursor)));
  }

  /**
   * A lease for one more of this person's streams, counted with their streams on every instance
   * (docs/decisions/075-limits-and-edges.md); given back once, when the connection closes. An
   * instance that dies stops renewing it, and it stops counting within STREAM_LEASE_MS.
   */
  async function takeSlot(userId: number, res: Response) {
    const id = randomUUID();
    if (!(await takeStreamLease(db, { id, userId, limit: MARKET_STREAMS_PER_USER, leaseMs: STREAM_LEASE_MS }))) throw new AppError(429, TOO_MANY_STREAMS);
    leases.set(id, userId);
    // Shut down while the lease was being taken: give it back rather than leave it to run out.
    if (closed) {
      leases.delete(id);
      await releaseStreamLeases(db, [id]);
      throw new AppError(503, "The market is restarting. Please try again.");
    }
    const release = () => {
      if (!leases.delete(id)) return;
      releaseStreamLeases(db, [id]).catch((err) => logger.warn({ err }, "live market: could not release a stream's lease; it runs out by itself"));
    };
    if (res.closed || res.destroyed) release();
    else res.once("close", release);
  }

  /** Opens a stream for a viewer the route has authorised; replays from Last-Event-ID if given. */
  async function open(res: Response, viewer: CurrentUser, scope: MarketScope, lastEventId: MarketStreamCursor | "invalid" | null) {
    await takeSlot(viewer.id, res);
    subscribed ??= deps.events.subscribe(onSignal);
    const [sideContacts] = await Promise.all([sideContactsOf(db, buyerSideOf(viewer)), subscribed]);
    startEventStream(res);
    const stream: Stream = { viewer, scope, res, sideContacts, cursor: streamCursor({ upTo: 0, owed: [] }, 0) };
    res.on("close", () => streams.delete(stream));
    await serially(async () => {
      try {
        await catchUp(stream, lastEventId);
      } catch (err) {
        // Ended, so the browser reconnects and tries again rather than waiting on a silent stream.
        logger.warn({ err }, "live market: could not catch a stream up");
        return void res.end();
      }
      // Closed meanwhile (the browser left, or the app is shutting down): nothing to keep.
      if (closed || res.writableEnded || res.destroyed) return void res.end();
      streams.add(stream);
    });
  }

  return {
    open,
    /** The market streams this instance holds open now (docs/decisions/095-readiness-and-metrics.md). */
    openStreams: () => streams.size,
    /** Ends every stream and stops listening (shutdown, end of a test). */
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearInterval(pruning);
      clearInterval(renewing);
      streams.forEach((s) => s.res.end());
      streams.clear();
      const unsubscribe = await subscribed?.catch(() => null);
      unsubscribe?.();
      await queue;
      const held = [...leases.keys()];
      leases.clear();
      await releaseStreamLeases(db, held).catch((err) =>
        logger.warn({ err }, "live market: could not release the streams' leases; they run out by themselves"),
      );
    },
  };
}

/** One event as it goes on the wire, after the `id:` line each stream gives it (its own cursor). */
interface MarketMessage<E extends MarketStreamEventName = MarketStreamEventName> {
  name: E;
  data: MarketStreamEvents[E];
}
const toSse = (message: MarketMessage) => sseUnnumbered(message.name, message.data);
const ACCOUNT_UPDATED = sseUnnumbered("account.updated", {} satisfies MarketStreamEvents["account.updated"]);
const reset = (cursor: string) => sseIdLine(cursor) + toSse({ name: "market.reset", data: {} });
/** A removal reads the same for every viewer: built once per event, not once per viewer. */
const removal = (event: LoadedMarketEvent) => toSse({ name: "lead.removed", data: { id: event.leadId, reason: event.reason ?? "sold" } });

/**
 * lead.added / lead.updated as this viewer is shown it, by the one redaction function, or
 * null: the lead is off the market by now, outside the viewer's scope, or kept from this viewer
 * because they missed its contact promise (docs/decisions/049) or its customer is one of their side
 * (`sideContacts`, docs/decisions/131-own-customers-kept-off-the-market.md).
 */
export function listingFor(
  event: LoadedMarketEvent,
  viewer: CurrentUser,
  scope: MarketScope,
  sideContacts: string[],
  now: Date,
): MarketMessage<"lead.added" | "lead.updated"> | null {
  if (!event.listed || event.excludedUserIds.includes(buyerSideOf(viewer)) || !viewerSeesLead(viewer, scope, event.lead)) return null;
  if (customerIsAmong(event.lead, sideContacts)) return null;
  return {
    name: event.type === "lead.updated" ? "lead.updated" : "lead.added",
    data: { lead: toMarketLead(event.lead, viewer, now, event.photoIds) },
  };
}

/** Each listed event's lead with its photo ids, one query for the batch (docs/decisions/050-photos.md). */
async function addPhotoIds<T extends LoadedMarketEvent[] | null>(db: Db, events: T): Promise<T> {
  const listed = events?.filter((event) => event.listed) ?? [];
  if (listed.length === 0) return events;
  const byLead = await photoIdsByLead(
    db,
    listed.map((event) => event.leadId),
  );
  for (const event of listed) event.photoIds = byLead.get(event.leadId) ?? [];
  return events;
}

function messageFor(event: LoadedMarketEvent, stream: Stream, now: Date): string | null {
  if (event.type === "lead.removed") return removal(event);
  const listing = listingFor(event, stream.viewer, stream.scope, stream.sideContacts, now);
  return listing && toSse(listing);
}
