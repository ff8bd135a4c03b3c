// Each card's paperwork at a glance (docs/decisions/105-paperwork-on-the-card.md): its open
// documents and the most urgent running clock, for the board to show and filter without opening
// the card. Read from the stored deadlines; a "before_start" document's is the booked start, live.
import { clockState } from "../../../shared/compliance-deadlines";
import { COMPLIANCE_DOCUMENTS, type ComplianceDocumentKey } from "../../../shared/compliance-documents";
import type { PaperworkSummary } from "../../../shared/paperwork";
import { formatStateDateTime } from "../../../shared/state-time-text";
import type { Db } from "../../platform/db/client";
import { openDocumentsOf } from "./repo";

const isDocument = (key: string): key is ComplianceDocumentKey => key in COMPLIANCE_DOCUMENTS;

/** The due instant of an open document: its stored deadline, or the booked start for one due before it. */
export const dueOf = (row: { startsFrom: string; dueAt: Date | null }, jobStartsAt: Date | null) =>
  row.startsFrom === "before_start" ? jobStartsAt : row.dueAt;

export async function paperworkSummaries(db: Db, purchaseIds: number[], now: Date): Promise<Map<number, PaperworkSummary>> {
  const out = new Map<number, PaperworkSummary>();
  if (purchaseIds.length === 0) return out;
  const rows = await openDocumentsOf(db, purchaseIds);
  for (const row of rows) {
    if (!isDocument(row.document)) continue;
    const summary = out.get(row.purchaseId) ?? { open: 0, next: null };
    summary.open += 1;
    const due = dueOf(row, row.jobStartsAt);
    if (due && (!summary.next || due.getTime() < Date.parse(summary.next.dueAt))) {
      const d = COMPLIANCE_DOCUMENTS[row.document];
      summary.next = {
        document: row.document,
        name: d.name,
        dueAt: due.toISOString(),
        dueText: formatStateDateTime(due, d.state),
        clock: clockState(due, now, d.state),
      };
    }
    out.set(row.purchaseId, summary);
  }
  return out;
}
