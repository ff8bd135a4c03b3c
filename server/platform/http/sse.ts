// Server-Sent Events on an Express response: the headers that keep proxies and compression
// from holding events back, and the wire format of one event.
import type { Response } from "express";

export function startEventStream(res: Response) {
  res.status(200).set({
    "Content-Type": "text/event-stream; charset=utf-8",
    // no-transform: a compressing proxy would buffer the stream into silence.
    "Cache-Control": "no-cache, no-transform",
    // nginx buffers proxied responses unless told otherwise.
    "X-Accel-Buffering": "no",
  });
  res.flushHeaders();
  res.socket?.setNoDelay(true);
}

/**
 * An event's id line, to go before its sseUnnumbered text: the browser's Last-Event-ID from then
 * on. Opaque to the browser; never holds a line break.
 */
export const sseIdLine = (id: string) => `id: ${id}\n`;

/** An event without an id (alone, the client's Last-Event-ID stays); `data` is JSON on a single line, so no line of it can be read as a field. */
export const sseUnnumbered = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Moves the client's Last-Event-ID without an event (a fresh stream's starting point). */
export const sseId = (id: string) => `id: ${id}\n\n`;

/** A comment line: keeps idle proxies and load balancers from closing the connection. */
export const SSE_HEARTBEAT = ": heartbeat\n\n";
