// Changing a job's paperwork (docs/decisions/105-paperwork-on-the-card.md): the marks and the events
// typed on the lead's state's clock, issuing the certificate we print, and recording a form or a
// portal's reference. Scoped like every purchase call (a stranger's job is a 404); every write
// carries the version the card read, and a stale one is a 409. Each write counts the clocks again
// in its transaction.
import type { z } from "zod";
import type { CurrentUser } from "../../../shared/auth";
import { COMPLIANCE_DOCUMENTS, documentsFor, type ComplianceDocumentKey, type WorkMark } from "../../../shared/compliance-documents";
import {
  HAND_OFF,
  marksOfState,
  PAPERWORK_MESSAGES,
  type issueCertificateRequest,
  type lodgeDocumentRequest,
  type PaperworkView,
  type savePaperworkRequest,
  type sendFormRequest,
} from "../../../shared/paperwork";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";
import { typedInstant, zoneOfState, type AustralianState } from "../../../shared/state-time";
import { purchaseOwnerFilter } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { AppError, conflict, notFound } from "../../platform/http/errors";
import { createJobLink } from "../../core/job-links";
import { enqueueCertificateReady, enqueueFormSent, type CustomerMessageSettings } from "../../core/messages";
import { claimSerial, paperworkFacts, refreshPaperworkClocks } from "../../core/paperwork";
import { issuedSnapshot, printableOf } from "./certificate";
import { checkFormPdf } from "./form-file";
import * as repo from "./repo";
import { paperworkOf } from "./view";

export interface PaperworkDeps {
  db: Db;
  now: () => Date;
  messages: CustomerMessageSettings;
  /** Wakes this instance's outbox: the customer's copy goes at once outside quiet hours. */
  wake: () => void;
}

/** The live purchase, locked, with its facts checked against the version the write was based on. */
async function locked(tx: Db, user: CurrentUser, purchaseId: number, version: number) {
  const purchase = await repo.purchaseOf(tx, purchaseId, purchaseOwnerFilter(user), { live: true, lock: true });
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  const facts = await paperworkFacts(tx, purchase.id);
  if (!facts) throw notFound(PIPELINE_MESSAGES.notFound);
  if (facts.version !== version) throw conflict(PAPERWORK_MESSAGES.stale);
  return { purchase, facts };
}

function typed(state: string | null, input: { date: string; time: string } | null, field: string, now: Date): Date | null {
  if (!input) return null;
  const at = typedInstant(zoneOfState(state), input.date, input.time);
  if (!at) throw new AppError(400, PAPERWORK_MESSAGES.skipped, { [`${field}.time`]: PAPERWORK_MESSAGES.skipped });
  if (at.getTime() > now.getTime()) throw new AppError(400, PAPERWORK_MESSAGES.future, { [`${field}.date`]: PAPERWORK_MESSAGES.future });
  return at;
}

export async function savePaperwork(
  deps: PaperworkDeps,
  user: CurrentUser,
  purchaseId: number,
  input: z.output<typeof savePaperworkRequest>,
): Promise<PaperworkView> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { purchase, facts } = await locked(tx, user, purchaseId, input.version);
    const allowed = marksOfState(facts.state);
    const foreign = input.marks.find((m) => !allowed.includes(m));
    if (foreign) throw new AppError(400, PAPERWORK_MESSAGES.mark, { marks: PAPERWORK_MESSAGES.mark });
    await repo.writePaperwork(tx, purchase.id, {
      version: input.version,
      marks: [...new Set(input.marks)],
      completedAt: typed(facts.state, input.completion, "completion", now),
      energisedAt: typed(facts.state, input.energised, "energised", now),
      by: user.id,
      now,
    });
    await refreshPaperworkClocks(tx, purchase.id, now);
  });
  return paperworkOf(deps.db, user, purchaseId, now);
}

/** The open row of a document this job needs, after counting its clocks again; 409 when not needed or done. */
async function openDocument(
  tx: Db,
  purchaseId: number,
  facts: { state: AustralianState | null; marks: WorkMark[] },
  document: ComplianceDocumentKey,
  now: Date,
) {
  const needed = facts.state ? documentsFor(facts.state, facts.marks).some((d) => d.document === document) : false;
  if (!needed) throw conflict(PAPERWORK_MESSAGES.noDocument);
  await refreshPaperworkClocks(tx, purchaseId, now);
  const row = (await repo.documentsOf(tx, purchaseId)).find((r) => r.document === document);
  if (!row) throw conflict(PAPERWORK_MESSAGES.noDocument);
  if (row.status !== "open") throw conflict(PAPERWORK_MESSAGES.alreadyDone);
  return row;
}

/** Issues the certificate we print (Queensland's): its number, what it prints kept as issued, and the customer's copy sent. */
export async function issueCertificate(
  deps: PaperworkDeps,
  user: CurrentUser,
  purchaseId: number,
  document: ComplianceDocumentKey,
  input: z.output<typeof issueCertificateRequest>,
): Promise<PaperworkView> {
  const now = deps.now();
  if (HAND_OFF[document].how !== "certificate") throw conflict(PAPERWORK_MESSAGES.notThisWay);
  let sent = false;
  await deps.db.transaction(async (tx) => {
    const { purchase, facts } = await locked(tx, user, purchaseId, input.version);
    const row = await openDocument(tx, purchase.id, facts, document, now);
    const job = await repo.jobOf(tx, purchase.id);
    if (!job?.record?.testedAt || !facts.state) throw conflict(PAPERWORK_MESSAGES.notTested);
    if (!job.business.licence) throw conflict(PAPERWORK_MESSAGES.noLicence);
    const serial = await claimSerial(tx, purchase.buyerId, "qld_certificate", job.business.licence);
    const printable = printableOf(job, facts.state, "qld_certificate", serial, now)!;
    await repo.markDone(tx, row.id, { status: "issued", serial, issued: issuedSnapshot(printable), testRecordId: job.record.id, by: user.id, now });
    await repo.bumpVersion(tx, purchase.id, user.id, now);
    sent = await enqueueCertificateReady(tx, deps.messages, {
      documentId: row.id,
      what: COMPLIANCE_DOCUMENTS[document].name.toLowerCase(),
      lead: job.lead,
      businessName: printable.contractor.name,
      now,
      jobLink: () => createJobLink(tx, job.lead.id, now),
    });
    if (sent) await repo.markCustomerSent(tx, row.id, now);
  });
  if (sent) deps.wake();
  return paperworkOf(deps.db, user, purchaseId, now);
}

/** Records a form's or a portal's document as lodged, with the reference it gave. */
export async function lodgeDocument(
  deps: PaperworkDeps,
  user: CurrentUser,
  purchaseId: number,
  document: ComplianceDocumentKey,
  input: z.output<typeof lodgeDocumentRequest>,
): Promise<PaperworkView> {
  const now = deps.now();
  if (HAND_OFF[document].how === "certificate") throw conflict(PAPERWORK_MESSAGES.notThisWay);
  await deps.db.transaction(async (tx) => {
    const { purchase, facts } = await locked(tx, user, purchaseId, input.version);
    const row = await openDocument(tx, purchase.id, facts, document, now);
    await repo.markDone(tx, row.id, { status: "lodged", reference: input.reference, by: user.id, now });
    await repo.bumpVersion(tx, purchase.id, user.id, now);
  });
  return paperworkOf(deps.db, user, purchaseId, now);
}

/** The document's row for a completed form: a document of this job handed off on a form, and the job live. */
async function formDocument(tx: Db, user: CurrentUser, purchaseId: number, document: ComplianceDocumentKey, now: Date) {
  if (HAND_OFF[document].how !== "form") throw conflict(PAPERWORK_MESSAGES.notAForm);
  const purchase = await repo.purchaseOf(tx, purchaseId, purchaseOwnerFilter(user), { live: true, lock: true });
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  const facts = await paperworkFacts(tx, purchase.id);
  if (!facts?.state || !documentsFor(facts.state, facts.marks).some((d) => d.document === document)) throw conflict(PAPERWORK_MESSAGES.noDocument);
  await refreshPaperworkClocks(tx, purchase.id, now);
  const row = (await repo.documentsOf(tx, purchase.id)).find((r) => r.document === document)!;
  return { purchase, facts, row };
}

/** Whether `user` may upload the document's form now: checked before a byte of the upload is read. */
export async function checkFormTarget(db: Db, user: CurrentUser, purchaseId: number, document: ComplianceDocumentKey) {
  if (HAND_OFF[document].how !== "form") throw conflict(PAPERWORK_MESSAGES.notAForm);
  const purchase = await repo.purchaseOf(db, purchaseId, purchaseOwnerFilter(user), { live: true });
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  const facts = await paperworkFacts(db, purchase.id);
  if (!facts?.state || !documentsFor(facts.state, facts.marks).some((d) => d.document === document)) throw conflict(PAPERWORK_MESSAGES.noDocument);
}

/** The completed form (a PDF, checked), replacing one not yet sent. */
export async function uploadForm(
  deps: PaperworkDeps,
  user: CurrentUser,
  purchaseId: number,
  document: ComplianceDocumentKey,
  bytes: Buffer,
): Promise<PaperworkView> {
  const now = deps.now();
  const { pages } = await checkFormPdf(bytes);
  await deps.db.transaction(async (tx) => {
    const { purchase, row } = await formDocument(tx, user, purchaseId, document, now);
    const fileName = `${row.serial ?? document}.pdf`.replace(/[^\w.-]/g, "_");
    if (!(await repo.putFile(tx, { documentId: row.id, fileName, bytes, pages, by: user.id, now }))) throw conflict(PAPERWORK_MESSAGES.formSent);
    await repo.bumpVersion(tx, purchase.id, user.id, now);
  });
  return paperworkOf(deps.db, user, purchaseId, now);
}

/**
 * Sends the completed form: attached, to each address named (the distributor, the Commission),
 * and a link to their job page to the customer, where it opens after the code. Once.
 */
export async function sendForm(
  deps: PaperworkDeps,
  user: CurrentUser,
  purchaseId: number,
  document: ComplianceDocumentKey,
  input: z.output<typeof sendFormRequest>,
): Promise<PaperworkView> {
  const now = deps.now();
  let told = false;
  await deps.db.transaction(async (tx) => {
    const { purchase, facts, row } = await formDocument(tx, user, purchaseId, document, now);
    if (facts.version !== input.version) throw conflict(PAPERWORK_MESSAGES.stale);
    const file = await repo.fileOf(tx, row.id);
    if (!file) throw conflict(PAPERWORK_MESSAGES.noForm);
    const to = [...new Set(input.to.map((t) => t.trim().toLowerCase()))];
    if (!(await repo.markFileSent(tx, row.id, to, now))) throw conflict(PAPERWORK_MESSAGES.formSent);
    // Sent is lodged: its clock stops, under its serial, unless a reference was recorded already.
    if (row.status === "open") await repo.markDone(tx, row.id, { status: "lodged", reference: row.serial ?? "Sent from the card", by: user.id, now });
    const job = (await repo.jobOf(tx, purchase.id))!;
    const name = COMPLIANCE_DOCUMENTS[document].name;
    const businessName = job.business.companyName || [job.business.firstName, job.business.lastName].filter(Boolean).join(" ") || null;
    await enqueueFormSent(tx, {
      documentId: row.id,
      name,
      serial: row.serial,
      jobReference: job.lead.jobReference,
      businessName,
      place: [job.lead.suburb, facts.state, job.lead.postcode].filter(Boolean).join(" "),
      to,
      leadId: job.lead.id,
      now,
    });
    told = await enqueueCertificateReady(tx, deps.messages, {
      documentId: row.id,
      what: name,
      lead: job.lead,
      businessName,
      now,
      jobLink: () => createJobLink(tx, job.lead.id, now),
    });
    if (told) await repo.markCustomerSent(tx, row.id, now);
    else if (to.length === 0) throw conflict(PAPERWORK_MESSAGES.nobody);
    await repo.bumpVersion(tx, purchase.id, user.id, now);
  });
  deps.wake();
  return paperworkOf(deps.db, user, purchaseId, now);
}
