// Keyset cursors over the market's three orders (docs/decisions/023-local-market.md): a
// page costs the same however long the table grows, and with any scope, filter and sort no
// lead is repeated or skipped between pages. A cursor carries the sort keys of the last lead
// shown and the sort it belongs to; "cheapest" also carries the moment its prices were taken.
import { z } from "zod";
import type { MarketSort } from "../../../shared/market-terms";

const id = z.number().int().min(1).max(2147483647);
/**
 * auction_started_at as PostgreSQL's own microsecond text, not a JS Date (milliseconds):
 * the column's default now() keeps microseconds and a truncated cursor would skip or repeat leads.
 */
const microsecondIso = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
  .refine((text) => !Number.isNaN(Date.parse(text)));

const marketCursor = z.discriminatedUnion("sort", [
  z.object({ sort: z.literal("newest"), at: microsecondIso, id }),
  /** Whole metres from the viewer; UNPLACED_METRES for a lead (or viewer) without coordinates. */
  z.object({ sort: z.literal("nearest"), metres: z.number().int().min(0).max(2147483647), id }),
  /** The price in cents at `now`: every page of one listing prices at the first page's moment. */
  z.object({ sort: z.literal("cheapest"), now: z.iso.datetime(), cents: z.number().int().min(0), id }),
]);
export type MarketCursor = z.infer<typeof marketCursor>;

export const encodeCursor = (cursor: MarketCursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

/** The cursor, or null when it is not one of ours or belongs to another sort. */
export function decodeCursor(text: string, sort: MarketSort): MarketCursor | null {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, "base64url").toString());
  } catch {
    return null;
  }
  const parsed = marketCursor.safeParse(json);
  return parsed.success && parsed.data.sort === sort ? parsed.data : null;
}
