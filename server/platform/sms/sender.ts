// Outgoing SMS (docs/decisions/034): one small interface, two providers. `log`
// writes the message to the log (the default, like mail without SMTP_URL); `twilio` sends
// through Twilio's Programmable Messaging with its maintained Node SDK.
import type twilio from "twilio";
import type { Config } from "../config";
import type { Logger } from "../logger";

export interface Sms {
  /** National digits, e.g. "0412345678" (shared/phone.ts). */
  to: string;
  text: string;
}

export interface SmsSender {
  readonly kind: "log" | "twilio";
  send(sms: Sms): Promise<void>;
}

/** "0412345678" -> "+61412345678": Twilio wants E.164. */
export const toE164 = (digits: string) => `+61${digits.replace(/^0/, "")}`;

/**
 * "0412345678" -> "04xx xxx 678": enough to tell which customer's message it was, not enough
 * to ring them. Production logs are read by more people than need a customer's mobile.
 */
export function maskPhone(digits: string) {
  const masked = digits.slice(0, 2) + "x".repeat(Math.max(0, digits.length - 5)) + digits.slice(-3);
  return digits.length === 10 ? `${masked.slice(0, 4)} ${masked.slice(4, 7)} ${masked.slice(7)}` : masked;
}

export type SmsConfig = Pick<Config, "SMS_PROVIDER" | "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM" | "NODE_ENV">;

export function createSmsSender(config: SmsConfig, logger: Logger, options: { twilioHttpClient?: twilio.RequestClient } = {}): SmsSender {
  if (config.SMS_PROVIDER === "twilio") {
    // config.ts makes all three required with SMS_PROVIDER=twilio.
    // Loaded only here: the SDK is thousands of modules, and with them in the heap every server
    // on the log provider spent most of a busy second collecting garbage (docs/decisions/042).
    // Started now, awaited at the first send; a failed load fails that send, which is logged.
    const client = import("twilio").then(({ default: load }) =>
      load(config.TWILIO_ACCOUNT_SID!, config.TWILIO_AUTH_TOKEN!, options.twilioHttpClient ? { httpClient: options.twilioHttpClient } : {}),
    );
    client.catch(() => undefined);
    const from = config.TWILIO_FROM!;
    // A Messaging Service SID (MG...) picks its own sender; otherwise it is the From number.
    const sender = from.startsWith("MG") ? { messagingServiceSid: from } : { from };
    return {
      kind: "twilio",
      async send(sms) {
        await (await client).messages.create({ to: toE164(sms.to), body: sms.text, ...sender });
      },
    };
  }
  // Outside production the full number helps whoever is testing; in production it is masked.
  const shown = config.NODE_ENV === "production" ? maskPhone : (to: string) => to;
  return {
    kind: "log",
    async send(sms) {
      logger.info({ sms: { to: shown(sms.to), text: sms.text } }, "SMS not sent (SMS_PROVIDER=log); written to the log");
    },
  };
}
