// Compresses what the server writes itself: API JSON and the SPA's HTML (docs/decisions/028: a phone on
// a slow link). Built assets are stored compressed at build time and served by static.ts;
// compression() leaves any response that already has a Content-Encoding alone.
import compression from "compression";
import zlib from "node:zlib";
import type { Request, Response } from "express";

/** Server-Sent Events go out as they happen: a compressor would hold them until its buffer fills. */
export const isEventStream = (res: Response) => /^text\/event-stream\b/i.test(String(res.getHeader("Content-Type") ?? ""));

/**
 * Fast settings for answers made per request (docs/decisions/027-request-cost.md): on a market
 * page of 50 leads (49 kB of JSON), Brotli quality 2 costs 0.16 ms of CPU for 6.4 kB, against
 * 0.24 ms at the library's quality 4 for 6.3 kB; gzip level 3 0.14 ms for 6.7 kB, against
 * 0.42 ms at zlib's default 6 for 6.0 kB. Below 1 kB (the default threshold) nothing is compressed.
 */
const DYNAMIC_BROTLI_QUALITY = 2;
const DYNAMIC_GZIP_LEVEL = 3;

export function compressResponses() {
  return compression({
    level: DYNAMIC_GZIP_LEVEL,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    filter: (req: Request, res: Response) => !isEventStream(res) && compression.filter(req, res),
  });
}
