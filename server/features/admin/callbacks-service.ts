// Provider callbacks as the operator works them (docs/decisions/014): pending → contacted → approved |
// declined, and pending → declined. Approving issues the single-use invitation.
import { ADMIN_MESSAGES, CALLBACK_TRANSITIONS, type CallbackStatus, type callbackUpdate } from "../../../shared/admin";
import type { ProviderCallback } from "../../../shared/schema";
import type { z } from "zod";
import type { Db } from "../../platform/db/client";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import { invitationPath, issueInvitation } from "../../core/invitations";
import { findCallback, updateCallbackFrom } from "./repo";

export function canMove(from: CallbackStatus, to: CallbackStatus) {
  return CALLBACK_TRANSITIONS[from].includes(to);
}

export interface CallbackDeps {
  db: Db;
  now: () => Date;
  /** Recorded as approved_by: the operator admin's username (ADMIN_USERNAME). */
  operator: string;
}

export async function updateCallback(
  deps: CallbackDeps,
  id: number,
  update: z.output<typeof callbackUpdate>,
  origin: string,
): Promise<{ callback: ProviderCallback; invitation?: { path: string; url: string; expiresAt: string } }> {
  const now = deps.now();
  const callback = await findCallback(deps.db, id);
  if (!callback) throw notFound(ADMIN_MESSAGES.callbackNotFound);
  const to = update.status;
  if (!to && update.notes === undefined) throw new AppError(400, ADMIN_MESSAGES.nothingToChange);
  if (to && !canMove(callback.status, to)) throw conflict(ADMIN_MESSAGES.illegalMove(callback.status, to));

  const values = {
    updatedAt: now,
    ...(update.notes !== undefined ? { notes: update.notes || null } : {}),
    ...(to ? { status: to } : {}),
    ...(to === "contacted" ? { contactedAt: now } : {}),
    ...(to === "approved" ? { approvedAt: now, approvedBy: deps.operator } : {}),
  };
  return deps.db.transaction(async (tx) => {
    const row = await updateCallbackFrom(tx, id, callback.status, values);
    // Someone else moved it between our read and our write.
    if (!row) throw conflict(ADMIN_MESSAGES.illegalMove(callback.status, to ?? callback.status));
    if (to !== "approved") return { callback: row };
    const { token, expiresAt } = await issueInvitation(tx, row, now);
    const path = invitationPath(token);
    return { callback: row, invitation: { path, url: origin + path, expiresAt: expiresAt.toISOString() } };
  });
}

/** The operator's callback list, a page at a time. */
export { listCallbacks } from "./repo";
