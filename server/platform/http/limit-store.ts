// express-rate-limit's store, kept in the database (docs/decisions/075-limits-and-edges.md): every
// instance counts into the same rows, so N instances allow exactly what one does. Fixed windows,
// as express-rate-limit's own memory store keeps them, aligned to the clock so every instance
// agrees which window a hit falls in.
import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import type { Db } from "../db/client";
import { countHit, forgetKey, pruneEnded, uncountHit } from "./limit-counts-repo";

/** Keys whose window is remembered for a decrement; past this the memory starts again (a decrement then takes the current window). */
const MAX_REMEMBERED = 10_000;
/** Ended windows are deleted at most this often, by whichever limiter counts next. */
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

export class DatabaseLimitStore implements Store {
  /** Keys are shared by every instance: express-rate-limit must not treat them as this process's. */
  localKeys = false;
  private windowMs = 60_000;
  /**
   * The window each key's last hit was counted in: a decrement (a request the limit was not about
   * after all) runs in this process once the answer is known, and must give back that hit, even
   * when a window boundary passed meanwhile.
   */
  private readonly countedIn = new Map<string, Date>();

  constructor(
    private readonly db: Db,
    /** This limiter's name, so two limiters never count into each other's rows. */
    readonly prefix: string,
    private readonly clock: () => number = Date.now,
  ) {}

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  private windowOf(now: number) {
    const start = now - (now % this.windowMs);
    return { start: new Date(start), end: new Date(start + this.windowMs) };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = this.clock();
    const window = this.windowOf(now);
    const totalHits = await countHit(this.db, `${this.prefix}:${key}`, window.start, window.end);
    if (this.countedIn.size >= MAX_REMEMBERED) this.countedIn.clear();
    this.countedIn.set(key, window.start);
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      void pruneEnded(this.db, new Date(now)).catch(() => (lastPrune = 0));
    }
    return { totalHits, resetTime: window.end };
  }

  async decrement(key: string) {
    const windowStart = this.countedIn.get(key) ?? this.windowOf(this.clock()).start;
    this.countedIn.delete(key);
    await uncountHit(this.db, `${this.prefix}:${key}`, windowStart);
  }

  async resetKey(key: string) {
    await forgetKey(this.db, `${this.prefix}:${key}`);
  }
}
