// The public price tape's rollup (docs/decisions/066-price-tape.md): counts per price cent per
// group and day, kept by the background sweep, never by the sale's transaction; the figures the
// API serves are computed from them by the same sweep, suppression applied, and read as they are.
import { boolean, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { money } from "./columns";

/**
 * How many finished listings of one group, on one Sydney day, had one value of one measure:
 * `price` (sale price in cents), `minutes` (whole minutes from going on sale to sold), `start`
 * (starting price in cents, every finished listing) and `unsold` (value 0: listings that reached
 * $0 unsold). A group is a `dimension` (region, suburb, serviceType, hour) and its `key`, always
 * inside one `state`; `state` itself is the dimension "state" with the key "all".
 */
export const marketTapeCounts = pgTable(
  "market_tape_counts",
  {
    dimension: text("dimension").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    state: text("state").notNull(),
    key: text("key").notNull(),
    measure: text("measure").$type<"price" | "minutes" | "start" | "unsold">().notNull(),
    value: integer("value").notNull(),
    n: integer("n").notNull(),
    label: text("label").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.day, t.state, t.key, t.measure, t.value] })],
);

/** What the sweep has counted ("sale:<purchase id>", "unsold:<lead id>:<listing>"): each exactly once, whichever instance counts it. */
export const marketTapeCounted = pgTable(
  "market_tape_counted",
  {
    item: text("item").primaryKey(),
    countedAt: timestamp("counted_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("market_tape_counted_at_idx").on(t.countedAt)],
);

/** One row (id 1): the sweep's watermark, its lock (FOR UPDATE SKIP LOCKED) and when the figures were last published. */
export const marketTapeState = pgTable("market_tape_state", {
  id: integer("id").primaryKey(),
  /** Every sale and every listing that reached $0 up to here is counted. */
  countedThrough: timestamp("counted_through", { withTimezone: true }),
  /** The counts changed since the figures were published. */
  dirty: boolean("dirty").notNull().default(true),
  publishedAt: timestamp("published_at", { withTimezone: true }),
  /** The Sydney day the published windows end on ("the last 30 days" end today). */
  publishedDay: date("published_day", { mode: "string" }),
});

/** The published figures: one row per window, grouping and group, suppressed or not (docs/decisions/066-price-tape.md). */
export const marketTapeRows = pgTable(
  "market_tape_rows",
  {
    days: smallint("days").notNull(),
    groupBy: text("group_by").notNull(),
    key: text("key").notNull(),
    state: text("state").notNull(),
    label: text("label").notNull(),
    position: integer("position").notNull(),
    suppressed: boolean("suppressed").notNull(),
    sales: integer("sales"),
    medianPrice: money("median_price"),
    p25Price: money("p25_price"),
    p75Price: money("p75_price"),
    medianMinutesToSale: numeric("median_minutes_to_sale", { precision: 10, scale: 1 }),
    unsoldShare: numeric("unsold_share", { precision: 4, scale: 3 }),
  },
  (t) => [primaryKey({ columns: [t.days, t.groupBy, t.key] }), index("market_tape_rows_view_idx").on(t.days, t.groupBy, t.state, t.position)],
);
