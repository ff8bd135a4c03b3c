// VAPID keys for web push (docs/decisions/029). From VAPID_PUBLIC_KEY /
// VAPID_PRIVATE_KEY when set. Outside production, when unset, a pair is generated at first
// start and kept in app_settings, so a restart (or another instance) signs with the same key
// and every stored subscription stays valid. Production without keys: push is off.
import webpush from "web-push";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { keepFirstVapidPair } from "./vapid-repo";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export type VapidSource = () => Promise<VapidKeys | null>;

type VapidConfig = Pick<Config, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "SITE_EMAIL" | "isProduction">;

/** The keys, read (or made) once per app and kept: they never change while it runs. */
export function vapidSource(db: Db, config: VapidConfig): VapidSource {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.SITE_EMAIL}`;
  let loaded: Promise<VapidKeys | null> | undefined;
  return () => {
    loaded ??= load().catch((err: unknown) => {
      loaded = undefined; // a database hiccup at start must not turn push off for good
      throw err;
    });
    return loaded;
  };

  async function load(): Promise<VapidKeys | null> {
    if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
    if (config.isProduction) return null;
    const fresh = webpush.generateVAPIDKeys();
    const stored = await keepFirstVapidPair(db, fresh);
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
}
