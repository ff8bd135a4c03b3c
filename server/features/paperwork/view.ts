// What the card shows of a job's paperwork (docs/decisions/105-paperwork-on-the-card.md): each
// document the job's state asks for, given the marks, with its clock counted from the events so
// far, how it is handed off and the fields to copy; and every document already done, kept.
import type { CurrentUser } from "../../../shared/auth";
import { clockState, deadlineOf } from "../../../shared/compliance-deadlines";
import { COMPLIANCE_DOCUMENTS, documentsFor, type ComplianceDocumentKey } from "../../../shared/compliance-documents";
import { HAND_OFF, WORK_MARKS, type DocumentClock, type PaperworkDocument, type PaperworkView } from "../../../shared/paperwork";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";

import type { AustralianState } from "../../../shared/state-time";
import { formatStateDateTime } from "../../../shared/state-time-text";
import { purchaseOwnerFilter } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/errors";
import { paperworkFacts } from "../../core/paperwork";
import { fieldsFor } from "./fields";
import * as repo from "./repo";

const isDocument = (key: string): key is ComplianceDocumentKey => key in COMPLIANCE_DOCUMENTS;

export const pdfPath = (purchaseId: number, document: string) => `/api/lead-purchases/${purchaseId}/paperwork/${document}/pdf`;

type Facts = NonNullable<Awaited<ReturnType<typeof paperworkFacts>>>;

/** Where a document's clock stands: done, running (by the state's calendar), waiting for its event, or none set. */
export function clockOf(document: ComplianceDocumentKey, facts: Facts, done: boolean, now: Date): { clock: DocumentClock; dueAt: Date | null } {
  if (done) return { clock: "done", dueAt: null };
  const { dueAt } = deadlineOf(document, facts.events);
  const d = COMPLIANCE_DOCUMENTS[document];
  if (dueAt) return { clock: clockState(dueAt, now, d.state), dueAt };
  return { clock: d.startsFrom !== "before_start" && !d.within ? "no_deadline" : "waiting", dueAt: null };
}

export const formPdfPath = (purchaseId: number, document: string) => `/api/lead-purchases/${purchaseId}/paperwork/${document}/form/pdf`;

type FileFacts = Awaited<ReturnType<typeof repo.filesOf>>[number];

function formOf(file: FileFacts | undefined, purchaseId: number, document: string, state: string | null): PaperworkDocument["form"] {
  if (!file) return null;
  return {
    pages: file.pages,
    uploadedText: formatStateDateTime(file.uploadedAt, state),
    pdfUrl: formPdfPath(purchaseId, document),
    sentText: file.sentAt ? formatStateDateTime(file.sentAt, state) : null,
    sentTo: file.sentTo ?? [],
  };
}

export async function paperworkOf(db: Db, user: CurrentUser, purchaseId: number, now: Date): Promise<PaperworkView> {
  const purchase = await repo.purchaseOf(db, purchaseId, purchaseOwnerFilter(user), { live: false });
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  const [facts, job, rows] = await Promise.all([paperworkFacts(db, purchase.id), repo.jobOf(db, purchase.id), repo.documentsOf(db, purchase.id)]);
  if (!facts || !job) throw notFound(PIPELINE_MESSAGES.notFound);
  const state = facts.state;
  const names = await repo.namesOf(db, [...new Set(rows.map((r) => r.doneBy).filter((id): id is number => id !== null))]);
  const files = new Map(
    (
      await repo.filesOf(
        db,
        rows.map((r) => r.id),
      )
    ).map((f) => [f.documentId, f]),
  );
  const at = (instant: Date | null | undefined) => ({ at: instant?.toISOString() ?? null, text: instant ? formatStateDateTime(instant, state) : null });
  // A job given back (a missed promise, a refund) is someone else's customer now: what was done stays
  // readable for the years it is kept, but nothing open, and no field of the customer's, is shown.
  const released = purchase.releasedAt !== null;
  const needed = state && !released ? documentsFor(state, facts.marks) : [];
  const done = rows.filter((r) => r.status !== "open" && isDocument(r.document) && !needed.some((n) => n.document === r.document));
  const shown = [...needed.map((n) => ({ document: n.document, to: n.to })), ...done.map((r) => ({ document: r.document as ComplianceDocumentKey, to: [] }))];

  const documents = shown.map(({ document, to }): PaperworkDocument => {
    const row = rows.find((r) => r.document === document);
    const isDone = row !== undefined && row.status !== "open";
    const { clock, dueAt } = clockOf(document, facts, isDone, now);
    const d = COMPLIANCE_DOCUMENTS[document];
    return {
      document,
      name: d.name,
      rule: d.rule,
      to,
      how: HAND_OFF[document].how,
      portal: HAND_OFF[document].portal,
      dueAt: dueAt?.toISOString() ?? null,
      dueText: dueAt ? formatStateDateTime(dueAt, state) : null,
      clock,
      status: row?.status ?? "open",
      serial: row?.serial ?? null,
      reference: row?.reference ?? null,
      doneAt: row?.doneAt?.toISOString() ?? null,
      doneText: row?.doneAt ? formatStateDateTime(row.doneAt, state) : null,
      doneBy: row?.doneBy ? (names.get(row.doneBy) ?? null) : null,
      pdfUrl: row?.status === "issued" ? pdfPath(purchase.id, document) : null,
      customerSentAt: row?.customerSentAt?.toISOString() ?? null,
      form: formOf(row && files.get(row.id), purchase.id, document, state),
      fields: HAND_OFF[document].how === "certificate" || released ? [] : fieldsFor(document, job, state ?? "", facts.marks, facts.events, row?.serial ?? null),
    };
  });
  return {
    state,
    version: facts.version,
    marks: facts.marks,
    markOptions: [...(WORK_MARKS[state as AustralianState] ?? [])],
    events: { test: at(facts.events.test), completion: at(facts.events.completion), energised: at(facts.events.energised), start: at(facts.events.start) },
    documents,
    testReportUrl: facts.testRecordId && !released ? `/api/lead-purchases/${purchase.id}/test-report/pdf` : null,
  };
}
