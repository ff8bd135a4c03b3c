// GET /api/leads's pages, kept for a moment (docs/decisions/027-request-cost.md):
// many providers looking at the same market ask the same query again and again. A kept page is
// dropped the moment this instance hears of any change to the market (the market events bus:
// LISTEN/NOTIFY across instances on PostgreSQL, in-process on PGlite), and is never kept or
// served while the bus might miss one or has yet to hear back one this instance made. What is kept is what every viewer with the same key sees.
import type { MarketEvents } from "../../platform/events";

export interface MarketPageCache {
  /** The page kept under `key`, or `load()`'s, kept when nothing changed while it loaded. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  close(): void;
}

/** Beyond this many pages the oldest goes: each is one page of listings (tens of kB). */
const MAX_PAGES = 200;

/**
 * `maxEntries`: how many are kept before the oldest goes (MAX_PAGES unless said). The same
 * cache keeps each buyer's exclusions (a few ids each), which change with the market (and, seldom,
 * with the side's own contacts: an entry sees that once it runs out).
 */
export function createMarketPageCache(deps: { events: MarketEvents; keepMs: number; clock?: () => number; maxEntries?: number }): MarketPageCache {
  const { events, keepMs } = deps;
  const maxEntries = deps.maxEntries ?? MAX_PAGES;
  const clock = deps.clock ?? (() => performance.now());
  const kept = new Map<string, { at: number; page: Promise<unknown> }>();
  let subscription: Promise<(() => void) | null> | null = null;
  let subscribed = false;
  let closed = false;

  // Any change, anywhere on the market: a load under way when it is heard is dropped too, since
  // it may have read the market before the change.
  let changes = 0;
  const forgetAll = () => {
    changes++;
    kept.clear();
  };

  function subscribe() {
    subscription ??= events.subscribe(forgetAll).then(
      (unsubscribe) => {
        if (closed) {
          unsubscribe();
          return null;
        }
        subscribed = true;
        return unsubscribe;
      },
      () => (subscription = null),
    );
  }

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (keepMs <= 0 || closed) return load();
      subscribe();
      // Not yet listening, a LISTEN connection lost, or a change made here not yet heard back.
      if (!subscribed || !events.caughtUp()) {
        kept.clear();
        return load();
      }
      const now = clock();
      const hit = kept.get(key);
      if (hit && now - hit.at < keepMs) return hit.page as Promise<T>;
      const before = changes;
      const page = load();
      // Requests for the same key while it loads share the one load (it reads after any change they follow).
      if (changes === before) {
        kept.delete(key);
        kept.set(key, { at: now, page });
        if (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
      }
      try {
        await page;
      } catch (err) {
        if (kept.get(key)?.page === page) kept.delete(key);
        throw err;
      }
      return page;
    },
    close() {
      closed = true;
      kept.clear();
      void subscription?.then((unsubscribe) => unsubscribe?.());
    },
  };
}
