// Every password hash of this process is worked on one thread of its own, one at a time
// (docs/decisions/078-a-server-that-stays-small.md). scrypt holds 16 MiB while it runs; on
// Node's thread pool each of its four threads kept its own 16 MiB in the C allocator after a
// burst of sign-ins (fifty at once took the server 67 MiB higher for good). One thread keeps
// at most one such block. A hash is CPU work, so on a small machine one at a time finishes
// the same burst little later. The queue in front of it is p-limit's.
import { Worker } from "node:worker_threads";
import type { ScryptOptions } from "node:crypto";
import pLimit from "p-limit";

/** The thread's code: CommonJS by eval, so it needs no file beside the bundle. */
const THREAD = `
const { parentPort } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
parentPort.on("message", ({ password, salt, keylen, options }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, salt, keylen, options) });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message ? err.message : err) });
  }
});`;

export const HASHES_AT_ONCE = 1;
const queue = pLimit(HASHES_AT_ONCE);
let thread: Worker | undefined;

function hashingThread(): Worker {
  if (thread) return thread;
  const started = new Worker(THREAD, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2, codeRangeSizeMb: 2 } });
  // Never what keeps the process running; a thread that died is started again at the next hash.
  started.unref();
  started.once("exit", () => {
    if (thread === started) thread = undefined;
  });
  thread = started;
  return started;
}

function hashOnThread(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  const worker = hashingThread();
  return new Promise((resolve, reject) => {
    const done = () => {
      worker.off("message", settle);
      worker.off("error", fail);
      worker.off("exit", exited);
    };
    const settle = (message: { key?: Uint8Array; error?: string }) => {
      done();
      if (message.key) resolve(Buffer.from(message.key));
      else reject(new Error(message.error ?? "scrypt failed"));
    };
    const fail = (err: Error) => {
      done();
      reject(err);
    };
    // A thread that dies mid-hash must not hold the queue for ever: the sign-in fails, the next starts a thread.
    const exited = (code: number) => fail(new Error(`the hashing thread stopped (exit code ${code})`));
    worker.on("message", settle);
    worker.on("error", fail);
    worker.on("exit", exited);
    worker.postMessage({ password, salt, keylen, options });
  });
}

/** scrypt, queued for the hashing thread. */
export const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) => queue(() => hashOnThread(password, salt, keylen, options));

/** Hashes running now, and waiting: for tests. */
export const hashingNow = () => ({ running: queue.activeCount, waiting: queue.pendingCount });

/** Stops the hashing thread (the next hash starts another): for tests of a thread that dies. */
export async function stopHashingThread(): Promise<void> {
  await thread?.terminate();
}
