// The paperwork's running clocks (docs/decisions/105-paperwork-on-the-card.md): one row per document
// the job's state asks for, given what the electrician marked, with its deadline counted by
// shared/compliance-deadlines.ts from the events so far. Recounted in the transaction of every
// change an event or a mark comes from (the test marked tested or corrected, the work completed or
// energised, a mark set), so the board's filter and the reminder sweep read a stored deadline.
import { deadlineOf, type JobEvents } from "../../../shared/compliance-deadlines";
import { documentsFor } from "../../../shared/compliance-documents";
import { AUSTRALIAN_STATES, type AustralianState } from "../../../shared/state-time";
import type { Db } from "../../platform/db/client";
import * as repo from "./repo";
import { claimSerial } from "./serials";

const isState = (s: string | null): s is AustralianState => (AUSTRALIAN_STATES as readonly string[]).includes(s ?? "");

/** The job's state, marks and events so far: what every clock of the job is counted from. */
export async function paperworkFacts(db: Db, purchaseId: number) {
  const row = await repo.jobFactsRow(db, purchaseId);
  if (!row) return null;
  const tested = await repo.testedRecordOf(db, purchaseId);
  const events: JobEvents = { test: tested?.testedAt ?? null, completion: row.completedAt, energised: row.energisedAt, start: row.startsAt };
  return {
    state: isState(row.state) ? row.state : null,
    marks: row.marks ?? [],
    events,
    version: row.version ?? 0,
    testRecordId: tested?.id ?? null,
    buyerId: row.buyerId,
    licence: row.licence,
  };
}

/**
 * Counts every clock of the job again: a document the job now needs gets its row, an open one its
 * new deadline, and an open one it no longer needs (a mark taken off) goes. Done ones are never
 * touched: an issued certificate or a lodged reference is kept as it was.
 */
export async function refreshPaperworkClocks(tx: Db, purchaseId: number, now: Date): Promise<void> {
  const facts = await paperworkFacts(tx, purchaseId);
  if (!facts?.state) return;
  const needed = documentsFor(facts.state, facts.marks).map(({ document }) => ({ document, ...deadlineOf(document, facts.events) }));
  await repo.dropUnneeded(
    tx,
    purchaseId,
    needed.map((n) => n.document),
  );
  // A "before_start" document is due at the booked start, read live: a moved booking moves it.
  await repo.upsertClocks(
    tx,
    purchaseId,
    needed.map((n) => ({ document: n.document, startsFrom: n.startsFrom, dueAt: n.startsFrom === "before_start" ? null : n.dueAt })),
    now,
  );
  // NSW's form carries its number from the start: the electrician copies it onto the CCEW.
  for (const row of await repo.unnumberedOf(tx, purchaseId, "nsw_ccew")) {
    await repo.setSerial(tx, row.id, await claimSerial(tx, facts.buyerId, "nsw_ccew", facts.licence));
  }
}

/**
 * Clocks for jobs tested before the paperwork counted them (the test record came a release
 * earlier): counted at start-up, up to `limit` jobs a start (a job whose lead has no state gets no
 * row, so one pass, not a loop); a job counted has rows and is not read again, so a restart or a
 * second instance does nothing twice. Returns how many were counted.
 */
export async function countMissingClocks(db: Db, now: Date, limit = 2000): Promise<number> {
  const ids = await repo.testedWithoutClocks(db, limit);
  for (const id of ids) await db.transaction((tx) => refreshPaperworkClocks(tx, id, now));
  return ids.length;
}
