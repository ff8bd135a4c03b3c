// HEIC/HEIF to raw RGBA pixels in a worker thread, under a time limit (docs/decisions/050-photos.md):
// the worker is terminated when it overruns, so a crafted file can hold neither the event loop
// nor a thread for long. One worker per photo: its WebAssembly memory goes with it.
import fs from "node:fs";
import { Worker } from "node:worker_threads";

export type HeifDecoded = { ok: true; width: number; height: number; data: Uint8Array } | { ok: false; reason: "unreadable" | "too_many_pixels" | "too_slow" };

/**
 * The built server (scripts/build-server.ts) has heic-worker.js beside its bundle; from the
 * sources (tests, development) Node runs heic-worker.ts itself, types stripped.
 */
function workerFile(): URL {
  const built = new URL("./heic-worker.js", import.meta.url);
  return fs.existsSync(built) ? built : new URL("./heic-worker.ts", import.meta.url);
}

/** Workers running now (tests check that a timed-out one is gone). */
let running = 0;
export const runningHeifWorkers = () => running;

export function decodeHeif(bytes: Buffer, options: { maxPixels: number; timeoutMs: number }): Promise<HeifDecoded> {
  return new Promise((resolve) => {
    running++;
    // Its own copy of the bytes; the JavaScript heap is bounded, WebAssembly's memory is the image's.
    const worker = new Worker(workerFile(), {
      workerData: { bytes: new Uint8Array(bytes), maxPixels: options.maxPixels },
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    let settled = false;
    const settle = (answer: HeifDecoded) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
      void worker.terminate();
    };
    const timer = setTimeout(() => settle({ ok: false, reason: "too_slow" }), options.timeoutMs);
    worker.once("message", (answer: HeifDecoded) => settle(answer));
    // A crash or an exhausted memory limit is the file's doing: unreadable, never a 500.
    worker.once("error", () => settle({ ok: false, reason: "unreadable" }));
    worker.once("exit", () => {
      running--;
      settle({ ok: false, reason: "unreadable" });
    });
  });
}
