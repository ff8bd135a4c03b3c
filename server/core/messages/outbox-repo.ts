// Drizzle only: the one outbox (docs/decisions/046-one-outbox.md). Every message to a customer or
// a provider is a row here, written in the transaction of the change it tells of; senders claim
// due rows with FOR UPDATE SKIP LOCKED and a lease, so however many instances run, one sends each.
import { sql, type SQL } from "drizzle-orm";
import { outboxMessages, type OutboxChannel, type OutboxMessage } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";
import { compileStatement, executeNamed, runCompiled } from "../../platform/db/named-statement";
import { jsonStorable } from "../../platform/db/json-text";

export interface OutboxEntry {
  /** What happened, e.g. "lead.sold:42"; with `recipient`, unique: a second enqueue is a no-op. */
  event: string;
  recipient: string;
  channel: OutboxChannel;
  leadId?: number | null;
  payload: Record<string, unknown>;
  /** Not before (quiet hours); the moment of the change when it may go at once. */
  dueAt: Date;
  /** When the change happened; `dueAt` when omitted. */
  createdAt?: Date;
  /** Decided at once that nothing goes (every channel off): kept so the event is not looked at again. */
  dropped?: string;
}

/** True when the row was written; false when this (event, recipient) was already in the outbox. */
export async function enqueueMessage(tx: Db, entry: OutboxEntry): Promise<boolean> {
  const { dropped, createdAt, ...row } = entry;
  const written = await tx
    .insert(outboxMessages)
    .values({
      ...row,
      leadId: entry.leadId ?? null,
      createdAt: createdAt ?? entry.dueAt,
      ...(dropped !== undefined && { status: "dropped" as const, lastError: dropped }),
    })
    .onConflictDoNothing({ target: [outboxMessages.event, outboxMessages.recipient] })
    .returning({ id: outboxMessages.id });
  return written.length > 0;
}

/**
 * Messages as a part of another statement: one for each row of `given`, a relation whose jsonb
 * column `message` holds an entry as `messageColumns` writes it, e.g. the codes of the sends the
 * same statement has just claimed (docs/decisions/134-a-turns-codes-claimed-together.md).
 */
export const messagesFrom = (given: SQL) =>
  sql`insert into ${outboxMessages} (event, recipient, channel, lead_id, payload, due_at, created_at)
    select m.event, m.recipient, m.channel, m.lead_id, m.payload, m.due_at, m.created_at
    from ${given} as given,
      jsonb_to_record(given.message) as m(event text, recipient text, channel text, lead_id int, payload jsonb, due_at timestamptz, created_at timestamptz)
    on conflict (event, recipient) do nothing`;

/** One entry as `messagesFrom` reads it, sent as JSON. */
export const messageColumns = (entry: Omit<OutboxEntry, "dropped">) => ({
  event: entry.event,
  recipient: entry.recipient,
  channel: entry.channel,
  lead_id: entry.leadId ?? null,
  payload: entry.payload,
  due_at: entry.dueAt.toISOString(),
  created_at: (entry.createdAt ?? entry.dueAt).toISOString(),
});

/**
 * A message about a row that the same statement writes (`row`: that statement's row, with its id
 * and lead_id), its event `<eventPrefix><the row's id>`, e.g. the handover's "lead.sold:42" for the
 * purchase its sale inserts (docs/decisions/112-a-sale-in-one-statement.md). The statement is built
 * once, so the message's own values are placeholders, filled in at each run from `messageOfRowValues`.
 */
export const messageOfRow = (eventPrefix: string, channel: OutboxChannel) => (row: SQL) =>
  sql`insert into ${outboxMessages} (event, recipient, channel, lead_id, payload, due_at, created_at)
    select ${eventPrefix} || id, ${sql.placeholder("message.recipient")}, ${channel}, lead_id, ${sql.placeholder("message.payload")}::jsonb,
      ${sql.placeholder("message.dueAt")}::timestamptz, ${sql.placeholder("message.createdAt")}::timestamptz from ${row}
    on conflict (event, recipient) do nothing`;

export const messageOfRowValues = (entry: Pick<OutboxEntry, "recipient" | "payload" | "dueAt" | "createdAt">) => ({
  "message.recipient": entry.recipient,
  "message.payload": JSON.stringify(entry.payload),
  "message.dueAt": entry.dueAt.toISOString(),
  "message.createdAt": (entry.createdAt ?? entry.dueAt).toISOString(),
});

/** How long a sender may hold a claimed message before another may take it (a crashed instance). */
export const LEASE_MS = 60_000;

/** Claims due pending messages: their lease is set and their attempt counted. An expired lease is claimed again. */
export async function claimDueMessages(db: Db, now: Date, limit: number, leaseMs = LEASE_MS): Promise<OutboxMessage[]> {
  const at = now.toISOString();
  const claimed = await executeNamed<Record<string, unknown>>(
    db,
    sql`
      update outbox_messages set lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz, attempts = attempts + 1
      where id in (
        select id from outbox_messages
        where status = 'pending' and due_at <= ${at}::timestamptz and (lease_until is null or lease_until < ${at}::timestamptz)
        order by due_at, id limit ${limit}
        for update skip locked)
      returning id, event, recipient, channel, lead_id, payload, status, attempts, due_at, lease_until, sent_at, last_error, created_at`,
  );
  return claimed.map((r) => ({
    id: Number(r.id),
    event: r.event as string,
    recipient: r.recipient as string,
    channel: r.channel as OutboxChannel,
    leadId: (r.lead_id as number | null) ?? null,
    payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
    status: "pending",
    attempts: r.attempts as number,
    dueAt: new Date(r.due_at as string),
    leaseUntil: new Date(r.lease_until as string),
    sentAt: null,
    lastError: (r.last_error as string | null) ?? null,
    createdAt: new Date(r.created_at as string),
  }));
}

export type MessageOutcome =
  { status: "sent" | "dropped" | "failed"; error?: string } | { status: "pending"; dueAt: Date; error?: string; attemptNotCounted?: boolean };

/** A claimed message and how its send came out. */
export interface Settlement {
  message: OutboxMessage;
  outcome: MessageOutcome;
}

/**
 * Settles claimed messages, each only while this claim's lease is the row's: a slow sender never
 * overwrites a newer claim. Every message sent, dropped or failed for good in one statement (one
 * follows every SMS code: docs/decisions/117-intake-statements-built-once.md); one to try again, alone.
 */
export async function settleMessages(db: Db, settlements: readonly Settlement[], now: Date): Promise<void> {
  const done = [];
  for (const { message, outcome } of settlements) {
    const lease = message.leaseUntil!.toISOString();
    if (outcome.status !== "pending") {
      done.push({
        id: message.id,
        status: outcome.status,
        error: storable(outcome.error),
        sent_at: outcome.status === "sent" ? now.toISOString() : null,
        lease,
      });
      continue;
    }
    await executeNamed(
      db,
      sql`
      update outbox_messages set lease_until = null, due_at = ${outcome.dueAt.toISOString()}::timestamptz, last_error = ${outcome.error ?? message.lastError},
        attempts = attempts - ${outcome.attemptNotCounted ? 1 : 0}
      where id = ${message.id} and lease_until = ${lease}::timestamptz`,
    );
  }
  if (done.length) await runCompiled(db, settled, { done: JSON.stringify(done), ids: done.map((one) => one.id) });
}

/** A provider's error text as the JSON array can carry it (server/platform/db/json-text.ts). */
const storable = (error: string | undefined) => (error === undefined ? null : jsonStorable(error));

// Built once and run by name, the messages as one JSON array: one text however many there are.
// The rows are found by their ids through the primary key: joined on the JSON's rows alone, the
// planner counts a hundred of them (a set-returning function's guess) and reads the whole table
// (kept rows of sent messages included) for each settle until the table is large enough for a
// hundred index reads to look cheaper (docs/decisions/127-a-settle-reads-its-own-rows.md). Exported
// for the test of its plan.
export const settled = compileStatement(sql`
    update outbox_messages m set status = v.status, lease_until = null, last_error = v.error, sent_at = v.sent_at
    from jsonb_to_recordset(${sql.placeholder("done")}::jsonb) as v(id bigint, status text, error text, sent_at timestamptz, lease timestamptz)
    where m.id = any(${sql.placeholder("ids")}::bigint[]) and m.id = v.id and m.lease_until = v.lease`);
