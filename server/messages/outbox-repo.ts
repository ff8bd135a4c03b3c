// Drizzle only: writing to the one outbox (docs/decisions/046-one-outbox.md). Every message to a
// customer or a provider is a row here, written in the transaction of the change it tells of.
import { outboxMessages, type OutboxChannel } from "../../shared/schema";
import type { Db } from "../db/client";

export interface OutboxEntry {
  /** What happened, e.g. "lead.sold:42"; with `recipient`, unique: a second enqueue is a no-op. */
  event: string;
  recipient: string;
  channel: OutboxChannel;
  leadId?: number | null;
  payload: Record<string, unknown>;
  /** Not before (quiet hours); now when omitted. */
  dueAt: Date;
}

/** True when the row was written; false when this (event, recipient) was already in the outbox. */
export async function enqueueMessage(tx: Db, entry: OutboxEntry): Promise<boolean> {
  const written = await tx
    .insert(outboxMessages)
    .values({ ...entry, leadId: entry.leadId ?? null, createdAt: entry.dueAt })
    .onConflictDoNothing({ target: [outboxMessages.event, outboxMessages.recipient] })
    .returning({ id: outboxMessages.id });
  return written.length > 0;
}
