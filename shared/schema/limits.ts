// Rate limits kept in the database (docs/decisions/075-limits-and-edges.md): one counter per
// limiter, key and fixed window, so any number of app instances allow exactly what one does.
import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export const rateLimitCounts = pgTable(
  "rate_limit_counts",
  {
    /** "<limiter>:<what is counted>", e.g. "login-username:dave". */
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
    /** The window's end: the row is pruned after it. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_counts_expires_idx").on(t.expiresAt)],
);

/**
 * One open market stream (docs/decisions/075-limits-and-edges.md): held under a lease its instance
 * renews with the heartbeat, so a stream of an instance that died stops counting once the lease
 * runs out, and every instance counts a person's streams together.
 */
export const marketStreamLeases = pgTable(
  "market_stream_leases",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
  },
  (t) => [index("market_stream_leases_user_idx").on(t.userId, t.leaseUntil)],
);
