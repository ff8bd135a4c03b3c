// The paperwork's PDFs for the buyer's side (docs/decisions/105-paperwork-on-the-card.md): an issued
// certificate as it was issued, and the test record as a report that says it is not the state's
// certificate. 404 for anyone else's job, or a certificate not issued.
import type { CurrentUser } from "../../../shared/auth";
import type { ComplianceDocumentKey } from "../../../shared/compliance-documents";
import { PAPERWORK_MESSAGES } from "../../../shared/paperwork";
import { PIPELINE_MESSAGES } from "../../../shared/pipeline-messages";
import { purchaseOwnerFilter } from "../../platform/access/authorize";
import type { Db } from "../../platform/db/client";
import { conflict, notFound } from "../../platform/http/errors";
import { renderCertificatePdf } from "../../core/printing";
import { paperworkFacts } from "../../core/paperwork";
import { fromSnapshot, printableOf } from "./certificate";
import * as repo from "./repo";

/** The owner's purchase; `live` for what prints the customer's details now (a job given back is someone else's customer). */
async function ownersPurchase(db: Db, user: CurrentUser, purchaseId: number, live = false) {
  const purchase = await repo.purchaseOf(db, purchaseId, purchaseOwnerFilter(user), { live });
  if (!purchase) throw notFound(PIPELINE_MESSAGES.notFound);
  return purchase;
}

/** An issued document of a purchase, as issued: the buyer's side and, after the code, the customer. */
export async function issuedPdf(db: Db, purchaseId: number, document: string) {
  const row = (await repo.documentsOf(db, purchaseId)).find((r) => r.document === document && r.status === "issued");
  if (!row?.issued) return null;
  return { pdf: await renderCertificatePdf(fromSnapshot(row.issued)), fileName: `${row.serial ?? "certificate"}.pdf` };
}

/** A completed form as uploaded; `sentOnly` for the customer, who sees it once it went out. */
export async function formPdf(db: Db, purchaseId: number, document: string, sentOnly: boolean) {
  const row = (await repo.documentsOf(db, purchaseId)).find((r) => r.document === document);
  const file = row && (await repo.fileOf(db, row.id));
  if (!file || (sentOnly && !file.sentAt)) return null;
  return { pdf: Buffer.from(file.bytes), fileName: file.fileName };
}

/** The customer's copy: the certificate we printed, or the completed form sent. */
export const customersCopy = async (db: Db, purchaseId: number, document: string) =>
  (await issuedPdf(db, purchaseId, document)) ?? (await formPdf(db, purchaseId, document, true));

export async function ownersFormPdf(db: Db, user: CurrentUser, purchaseId: number, document: ComplianceDocumentKey) {
  const purchase = await ownersPurchase(db, user, purchaseId);
  const file = await formPdf(db, purchase.id, document, false);
  if (!file) throw notFound(PAPERWORK_MESSAGES.noForm);
  return file;
}

export async function certificatePdf(db: Db, user: CurrentUser, purchaseId: number, document: ComplianceDocumentKey) {
  const purchase = await ownersPurchase(db, user, purchaseId);
  const file = await issuedPdf(db, purchase.id, document);
  if (!file) throw notFound(PAPERWORK_MESSAGES.notIssued);
  return file;
}

export async function testReportPdf(db: Db, user: CurrentUser, purchaseId: number, now: Date) {
  const purchase = await ownersPurchase(db, user, purchaseId, true);
  const [facts, job] = await Promise.all([paperworkFacts(db, purchase.id), repo.jobOf(db, purchase.id)]);
  const printable = job && facts?.state ? printableOf(job, facts.state, "test_report", null, now) : null;
  if (!printable) throw conflict(PAPERWORK_MESSAGES.notTested);
  return { pdf: await renderCertificatePdf(printable), fileName: `test-report-${job!.lead.jobReference}.pdf` };
}
