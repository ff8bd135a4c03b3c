// Every password hash of this process waits its turn: one at a time, queued by p-limit
// (docs/decisions/078-a-server-that-stays-small.md). scrypt holds a 16 MiB block while it runs;
// fifty sign-ins at once on Node's four-thread pool held four, and each thread's allocator then
// kept its block for good (+67 MiB). One at a time holds one, and `npm start`'s allocator settings
// (MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_ in package.json) hand a block this size straight back to
// the system when the hash ends. A hash is CPU work, so on a small machine one at a time finishes
// the same burst little later.
import { scrypt as scryptOnPool, type ScryptOptions } from "node:crypto";
import pLimit from "p-limit";

export const HASHES_AT_ONCE = 1;
const queue = pLimit(HASHES_AT_ONCE);

const hash = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptOnPool(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

/** scrypt, queued. */
export const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) => queue(() => hash(password, salt, keylen, options));

/** Hashes running now, and waiting: for tests. */
export const hashingNow = () => ({ running: queue.activeCount, waiting: queue.pendingCount });
