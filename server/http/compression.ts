// Compresses what the server writes itself: API JSON and the SPA's HTML (issue 13: a phone on
// a slow link). Built assets are stored compressed at build time and served by static.ts;
// compression() leaves any response that already has a Content-Encoding alone.
import compression from "compression";
import type { Request, Response } from "express";

/** Server-Sent Events go out as they happen: a compressor would hold them until its buffer fills. */
export const isEventStream = (res: Response) => /^text\/event-stream\b/i.test(String(res.getHeader("Content-Type") ?? ""));

export function compressResponses() {
  return compression({
    filter: (req: Request, res: Response) => !isEventStream(res) && compression.filter(req, res),
  });
}
