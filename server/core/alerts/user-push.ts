// A push to every device of one user, for the one outbox (docs/decisions/046-one-outbox.md): the
// contact-promise reminder goes through the same transport, endpoint rule and gone-device
// cleanup as a new-lead alert (transports.ts), while devices and keys stay this feature's own.
import type { Logger } from "../../platform/logger";
import type { Db } from "../../platform/db/client";
import { devicesOfUser, removeGoneDevice } from "./send-repo";
import { sendPush } from "./transports";
import type { VapidSource } from "./vapid";

export interface UserPushDeps {
  db: Db;
  logger: Logger;
  vapid: VapidSource;
  /** Production posts only to the real push services (endpoints.ts). */
  production: boolean;
}

/** What the push to each device came to: how many took it, and whether a failure is worth retrying. */
export interface UserPushOutcome {
  devices: number;
  delivered: number;
  retry: boolean;
  error: string | null;
}

export function pushToUser(deps: UserPushDeps) {
  return async (userId: number, payload: object, topic: string, urgent: boolean): Promise<UserPushOutcome> => {
    const keys = await deps.vapid();
    if (!keys) return { devices: 0, delivered: 0, retry: false, error: "push is off (no VAPID keys)" };
    const devices = await devicesOfUser(deps.db, userId);
    const results = await Promise.all(devices.map((device) => sendPush(device, payload, keys, topic, urgent, deps.production)));
    let delivered = 0;
    let gone = 0;
    let retry = false;
    let error: string | null = null;
    for (const [i, result] of results.entries()) {
      if (result.ok) {
        delivered++;
        continue;
      }
      error = result.error;
      if (result.gone) {
        gone++;
        await removeGoneDevice(deps.db, devices[i]!.id);
        deps.logger.info({ device: devices[i]!.id }, "alerts: push subscription gone (404/410); device removed");
      } else if (result.retry) retry = true;
    }
    return { devices: devices.length - gone, delivered, retry, error };
  };
}
