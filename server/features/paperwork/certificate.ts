// The certificate we print and the test report (docs/decisions/105-paperwork-on-the-card.md): what
// is printed is taken from the job once, when it is issued, and kept as issued, so a certificate
// reads the same in five years whatever changed on the job since; the test report prints the
// record as it stands.
import { COMPLIANCE_DOCUMENTS, documentsFor } from "../../../shared/compliance-documents";
import type { TestResults } from "../../../shared/test-records";
import type { AustralianState } from "../../../shared/state-time";
import type { CertificateKind, PrintableCertificate } from "../../core/printing";
import type { JobFacts } from "./repo";

const personName = (p: { firstName: string | null; lastName: string | null; username?: string } | null) =>
  p ? [p.firstName, p.lastName].filter(Boolean).join(" ") || (p.username ?? "") : "";

/** The installation's address as one line: the street the electrician holds, the suburb, state and postcode. */
function addressOf(job: JobFacts, state: string): string {
  const street = (job.copy ?? job.lead).customerAddress?.trim();
  const place = [job.lead.suburb, state, job.lead.postcode].filter(Boolean).join(" ");
  return street && !street.toLowerCase().includes((job.lead.suburb ?? "\u0000").toLowerCase()) ? `${street}, ${place}` : street || place;
}

/** What a certificate or report prints of this job, now; null without a tested record. */
export function printableOf(job: JobFacts, state: string, kind: CertificateKind, serial: string | null, issuedAt: Date): PrintableCertificate | null {
  if (!job.record?.testedAt) return null;
  const d = job.copy ?? job.lead;
  const business = job.business;
  const own = documentsFor(state as AustralianState, []).find((x) => x.to.includes("customer"));
  return {
    kind,
    serial,
    state,
    issuedAt,
    testedAt: job.record.testedAt,
    customer: { name: d.customerName, address: addressOf(job, state) },
    workDescription: d.electricalWork,
    contractor: { name: business.companyName || personName(business), licence: business.licence, abn: business.abn, phone: business.phone },
    electrician: { name: personName(job.tester) || personName(business), licence: job.tester?.licence ?? business.licence },
    results: job.record.results,
    stateCertificateName: kind === "test_report" && own ? COMPLIANCE_DOCUMENTS[own.document].name : null,
  };
}

/** Kept in the document's row as JSON: dates as ISO strings. */
export const issuedSnapshot = (c: PrintableCertificate) => ({ ...c, issuedAt: c.issuedAt.toISOString(), testedAt: c.testedAt.toISOString() });

/** The certificate as issued, from its row. */
export function fromSnapshot(s: Record<string, unknown>): PrintableCertificate {
  const c = s as unknown as Omit<PrintableCertificate, "issuedAt" | "testedAt"> & { issuedAt: string; testedAt: string; results: TestResults };
  return { ...c, issuedAt: new Date(c.issuedAt), testedAt: new Date(c.testedAt) };
}
