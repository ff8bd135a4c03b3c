// Where one market stream stands (docs/decisions/099-a-market-stream-owed-its-late-events.md).
// Event ids come from a sequence when a transaction stores its event, not when it commits: a sale
// on one instance can take id 41, a quote on another id 42, and 42 commit first. A stream that
// has been sent 42 is still owed 41. So the cursor is the newest id the stream has been through
// and the lower ids it skipped, each owed until it arrives or OWED_FOR_MS has passed (an id
// never seen by then was rolled back: no transaction that stores a market event runs that long).
import { MARKET_STREAM_MAX_OWED, type MarketStreamCursor } from "../../../shared/marketplace";

export const OWED_FOR_MS = 60_000;

export interface StreamCursor {
  upTo: number;
  /** Skipped ids, to when each stops being owed (ms since the epoch). */
  owed: Map<number, number>;
}

/** A cursor from a Last-Event-ID, or from the newest id and the gaps below it for a fresh stream. */
export function streamCursor(from: MarketStreamCursor, nowMs: number): StreamCursor {
  return { upTo: from.upTo, owed: new Map(from.owed.map((id) => [id, nowMs + OWED_FOR_MS])) };
}

/**
 * Whether the event with this id is new to the stream, which then counts as having been through
 * it. Ids it jumps over become owed; past MARKET_STREAM_MAX_OWED, the oldest are given up.
 */
export function passes(cursor: StreamCursor, id: number, nowMs: number): boolean {
  forgetExpired(cursor, nowMs);
  if (id <= cursor.upTo) return cursor.owed.delete(id);
  for (let skipped = Math.max(cursor.upTo + 1, id - MARKET_STREAM_MAX_OWED); skipped < id; skipped++) cursor.owed.set(skipped, nowMs + OWED_FOR_MS);
  cursor.upTo = id;
  if (cursor.owed.size > MARKET_STREAM_MAX_OWED) {
    const oldest = [...cursor.owed.keys()].sort((a, b) => a - b);
    for (const gone of oldest.slice(0, cursor.owed.size - MARKET_STREAM_MAX_OWED)) cursor.owed.delete(gone);
  }
  return true;
}

/** The cursor as an SSE id: what the browser sends back as Last-Event-ID ("1207" or "1207,1203"). */
export function cursorText(cursor: StreamCursor): string {
  return cursor.owed.size === 0 ? String(cursor.upTo) : [cursor.upTo, ...cursor.owed.keys()].join(",");
}

function forgetExpired(cursor: StreamCursor, nowMs: number) {
  for (const [id, until] of cursor.owed) if (until <= nowMs) cursor.owed.delete(id);
}
