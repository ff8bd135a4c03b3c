// The SMS send budget (docs/decisions/048-intake-cost.md): every code texted to a customer, from
// any feature (the quote's mobile check, "lost the link", the review code), counts against one
// limit per phone and per network over the last hour, whichever instance sends it.
import type { Db } from "../db/client";
import { claimSend } from "./send-budget-repo";

/** The window the limits count over. */
export const SEND_WINDOW_MS = 60 * 60_000;

/**
 * Checks the SMS limits for this mobile and this IP and records the send in one step (atomic:
 * see claimSend); false when refused. Every code sent to a customer counts here, whichever
 * feature sends it (the lost-link code too, docs/decisions/044-job-page.md).
 */
export function claimSmsSend(db: Db, send: { phone: string; ip: string; now: Date; limits: { perPhone: number; perIp: number } }) {
  return claimSend(db, smsSendWindow(send));
}

/** The send and the window it counts over, as the database's claim takes them. */
export const smsSendWindow = (send: { phone: string; ip: string; now: Date; limits: { perPhone: number; perIp: number } }) => ({
  phone: send.phone,
  ip: send.ip,
  now: send.now,
  since: new Date(send.now.getTime() - SEND_WINDOW_MS),
  ...send.limits,
});
