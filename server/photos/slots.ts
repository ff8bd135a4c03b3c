// How many photos this instance decodes at once (docs/decisions/050-photos.md): one per CPU, so
// a burst of uploads queues instead of every decode slowing every other request. A queue past
// `maxWaiting` is refused with 503: the customer is told to try again in a minute.
import { PHOTO_MESSAGES } from "../../shared/photos";
import { AppError } from "../http/errors";

export type Slots = <T>(task: () => Promise<T>) => Promise<T>;

export function createSlots(size: number, maxWaiting: number): Slots {
  let busy = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (busy < size) busy++;
    else {
      if (waiting.length >= maxWaiting) throw new AppError(503, PHOTO_MESSAGES.busy);
      // The slot is handed over by the task that ends, so `busy` stays counted.
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else busy--;
    }
  };
}
