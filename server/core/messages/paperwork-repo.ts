// The paperwork reminders' SQL (docs/decisions/105-paperwork-on-the-card.md): the open documents a
// sweep looks at, the one conditional UPDATE that claims a reminder step, and a completed form's
// bytes for the e-mail it is attached to.
import { eq, sql } from "drizzle-orm";
import { paperworkFiles } from "../../../shared/schema";
import type { Db } from "../../platform/db/client";

/** Far enough ahead for "two days before" on any state's calendar. */
const AHEAD_MS = 3 * 86_400_000;

const asDate = (v: string | Date | null) => (v === null ? null : new Date(v));

type DueRow = {
  id: number;
  purchase_id: number;
  document: string;
  starts_from: string;
  due_at: string | Date | null;
  job_starts_at: string | Date | null;
  reminded: string | null;
  buyer_id: number;
  worker_id: number;
  lead_id: number;
  job_reference: string;
};

/**
 * Open documents of live jobs due within three days or due before a booked start, not yet told
 * they are overdue. A moved deadline clears its claim (server/core/paperwork/repo.ts); a booked
 * start moves without it, so "before the start" documents are read whatever they were told, and
 * the sweep compares the claim with the start as it stands.
 */
export async function dueDocuments(db: Db, now: Date) {
  const until = new Date(now.getTime() + AHEAD_MS).toISOString();
  const result = await db.execute(sql`
    select d.id, d.purchase_id, d.document, d.starts_from, d.due_at, p.job_starts_at, d.reminded,
      p.buyer_id, coalesce(p.assigned_to, p.buyer_id) as worker_id, l.id as lead_id, l.job_reference
    from paperwork_documents d
      join lead_purchases p on p.id = d.purchase_id
      join leads l on l.id = p.lead_id
    where d.status = 'open' and p.released_at is null
      and (d.starts_from = 'before_start' and p.job_starts_at is not null or d.due_at <= ${until}::timestamptz)
      and (d.reminded is null or d.reminded not like 'overdue@%' or d.starts_from = 'before_start')`);
  // Raw rows: timestamps may come back as strings (PGlite) or dates (pg).
  return (result as unknown as { rows: DueRow[] }).rows.map((r) => ({ ...r, due_at: asDate(r.due_at), job_starts_at: asDate(r.job_starts_at) }));
}

/** Claims the step `claim` when the row still holds the claim it was read with; false when another sweep took it. */
export async function claimReminder(tx: Db, id: number, readWith: string | null, claim: string): Promise<boolean> {
  const claimed = await tx.execute(sql`
    update paperwork_documents set reminded = ${claim}
    where id = ${id} and status = 'open' and reminded is not distinct from ${readWith}
    returning id`);
  return (claimed as unknown as { rows: unknown[] }).rows.length > 0;
}

/** A completed form's bytes, for the e-mail it is attached to. */
export async function formFileOf(db: Db, documentId: number) {
  const [row] = await db
    .select({ fileName: paperworkFiles.fileName, bytes: paperworkFiles.bytes })
    .from(paperworkFiles)
    .where(eq(paperworkFiles.documentId, documentId));
  return row;
}
