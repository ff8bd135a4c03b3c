// Decodes one HEIC/HEIF image off the main thread (docs/decisions/050-photos.md): libheif as
// WebAssembly runs synchronously for seconds (about 3 s and 300 MB for 12 megapixels), so it
// runs here, in a worker the caller terminates when it overruns its time. The dimensions come
// from the header, before any pixel is decoded; too many pixels and nothing is decoded.
// Run by Node itself (type stripping), so it imports nothing of ours.
import { parentPort, workerData } from "node:worker_threads";
import decode from "heic-decode";

interface Job {
  bytes: Uint8Array;
  maxPixels: number;
}

type Answer = { ok: true; width: number; height: number; data: Uint8Array } | { ok: false; reason: "unreadable" | "too_many_pixels" };

async function run(job: Job): Promise<Answer> {
  let images: Awaited<ReturnType<typeof decode.all>>;
  try {
    images = await decode.all({ buffer: job.bytes });
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  try {
    const image = images[0];
    if (!image || image.width <= 0 || image.height <= 0) return { ok: false, reason: "unreadable" };
    if (image.width * image.height > job.maxPixels) return { ok: false, reason: "too_many_pixels" };
    const decoded = await image.decode();
    return {
      ok: true,
      width: decoded.width,
      height: decoded.height,
      data: new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength),
    };
  } catch {
    return { ok: false, reason: "unreadable" };
  } finally {
    images.dispose();
  }
}

const answer = await run(workerData as Job);
parentPort!.postMessage(answer, answer.ok ? [answer.data.buffer as ArrayBuffer] : []);
