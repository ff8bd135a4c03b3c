// The customer's copy of a certificate on their job page (docs/decisions/105-paperwork-on-the-card.md):
// the page lists what was issued, names and dates only; the PDF opens only with a code sent to the
// request's own mobile (the review's code step), since it carries the customer's name and address
// and a job link can be forwarded. A code opens the certificate once.
import { COMPLIANCE_DOCUMENTS, type ComplianceDocumentKey } from "../../../shared/compliance-documents";
import type { JobView } from "../../../shared/jobs";
import { JOB_PAGE_MESSAGES } from "../../../shared/jobs";
import { PAPERWORK_MESSAGES } from "../../../shared/paperwork";
import { REVIEW_MESSAGES } from "../../../shared/reviews";
import type { Lead } from "../../../shared/schema";
import { formatStateDateTime } from "../../../shared/state-time-text";
import type { Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/errors";
import { checkCustomerCode, sendCustomerCode, spendCode, type CustomerCodeDeps } from "../../core/customer-codes";
import { leadOfToken } from "../../core/job-links";
import { customersCopy } from "./pdf";
import { issuedOf } from "./repo";

/** What the job page lists (a port of the job page's view, handed in by server/app.ts). */
export async function jobCertificatesOf(db: Db, lead: Lead): Promise<JobView["certificates"]> {
  return (await issuedOf(db, lead.id))
    .filter((r) => r.document in COMPLIANCE_DOCUMENTS)
    .map((r) => ({
      document: r.document,
      name: COMPLIANCE_DOCUMENTS[r.document as ComplianceDocumentKey].name,
      issuedText: formatStateDateTime(r.issuedAt, lead.state),
    }));
}

async function saleWithCertificates(db: Db, token: string) {
  const lead = await leadOfToken(db, token);
  if (!lead) throw notFound(JOB_PAGE_MESSAGES.notFound);
  const issued = await issuedOf(db, lead.id);
  if (issued.length === 0) throw notFound(PAPERWORK_MESSAGES.notIssued);
  return { lead, purchaseId: issued[0]!.purchaseId, issued };
}

/** A code to the request's mobile, while the job has a certificate to open. */
export async function requestCertificateCode(deps: CustomerCodeDeps, token: string, ip: string) {
  const { lead, purchaseId } = await saleWithCertificates(deps.db, token);
  return sendCustomerCode(deps, lead, purchaseId, ip, "certificate");
}

/** The certificate as issued, for the right code; the code is spent. */
export async function openCertificate(deps: CustomerCodeDeps, token: string, document: string, code: string) {
  const { purchaseId, issued } = await saleWithCertificates(deps.db, token);
  if (!issued.some((r) => r.document === document)) throw new AppError(404, PAPERWORK_MESSAGES.notIssued);
  await checkCustomerCode(deps, deps.db, purchaseId, code, "certificate");
  const file = await customersCopy(deps.db, purchaseId, document);
  if (!file) throw new AppError(404, PAPERWORK_MESSAGES.notIssued);
  // Spent by exactly one request: two at once with the same code, and only the first gets the file.
  if (!(await spendCode(deps.db, purchaseId))) throw new AppError(400, REVIEW_MESSAGES.wrongCode, { code: REVIEW_MESSAGES.wrongCode });
  return file;
}
