// How many photos this instance decodes at once (docs/decisions/050-photos.md): one per CPU, so
// a burst of uploads queues instead of every decode slowing every other request. A queue past
// `maxWaiting`, or a wait past `maxWaitMs`, is refused with 503: the customer is told to try
// again in a minute, and no request waits without end.
import { PHOTO_MESSAGES } from "../../../shared/photos";
import { AppError } from "../../platform/http/errors";

export type Slots = <T>(task: () => Promise<T>) => Promise<T>;

export function createSlots(size: number, limits: { maxWaiting: number; maxWaitMs: number }): Slots {
  let busy = 0;
  const waiting: Array<() => void> = [];
  const busyError = () => new AppError(503, PHOTO_MESSAGES.busy);

  /** Resolves once a finishing task hands this one its slot; rejects after maxWaitMs. */
  const waitForSlot = () =>
    new Promise<void>((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(take), 1);
        reject(busyError());
      }, limits.maxWaitMs);
      waiting.push(take);
    });

  return async (task) => {
    if (busy < size) busy++;
    else if (waiting.length >= limits.maxWaiting) throw busyError();
    // The slot is handed over by the task that ends, so `busy` stays counted.
    else await waitForSlot();
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else busy--;
    }
  };
}
