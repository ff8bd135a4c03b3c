// POST /api/analytics/track (docs/product.md sections 3 and 7). Loose on purpose: a page must
// never break over analytics, but sizes are capped so the table cannot be flooded with blobs.
import { z } from "zod";

export const MAX_EVENT_DATA_BYTES = 4096;

const clipped = (max: number) =>
  z
    .string()
    .nullish()
    .transform((v) => (v ? v.slice(0, max) : null));

export const trackEventSchema = z.object({
  eventType: z
    .string({ error: "eventType is required" })
    .trim()
    .regex(/^[\w.:-]{1,64}$/, "eventType must be 1-64 letters, digits, _ . : or -"),
  eventData: z
    .record(z.string(), z.unknown())
    .nullish()
    .refine((v) => v == null || JSON.stringify(v).length <= MAX_EVENT_DATA_BYTES, "eventData is too large")
    .transform((v) => v ?? null),
  pagePath: clipped(500),
  pageTitle: clipped(300),
  userAgent: clipped(500),
  referrer: clipped(1000),
});
export type TrackEventInput = z.input<typeof trackEventSchema>;
