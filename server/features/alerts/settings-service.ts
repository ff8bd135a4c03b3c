// The Alerts dialog's rules over its rows: a user keeps at most MAX_DEVICES_PER_USER devices.
// The reads and writes with no rule of their own pass straight through to the repo.
import { ENDPOINT_MESSAGES, MAX_DEVICES_PER_USER, otherDeviceCount, saveDevice } from "../../core/alerts";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";

export { deleteDevice, devicesOf, preferencesOf, savePreferences, turnEmailOff } from "../../core/alerts";

/** Saves this browser's subscription, unless the user already has the most devices (409). */
export async function addDevice(db: Db, userId: number, input: Parameters<typeof saveDevice>[2], now: Date) {
  if ((await otherDeviceCount(db, userId, input.subscription.endpoint)) >= MAX_DEVICES_PER_USER) throw new AppError(409, ENDPOINT_MESSAGES.tooManyDevices);
  return saveDevice(db, userId, input, now);
}
