// The one shape a compliance document is printed from (docs/decisions/105-paperwork-on-the-card.md):
// Queensland's certificate of testing and compliance, which we print because Queensland takes any
// form that holds its required fields, and the test report every other state's job may print
// beside its own state's certificate. Like printable.ts for the tax documents
// (docs/decisions/053-tax-documents-pdf.md), the shape knows no feature: the feature finds the
// job, the contractor and the tested record; certificate-pdf.ts only prints them.
import type { TestResults } from "../../../shared/test-records";

export type CertificateKind = "qld_certificate" | "test_report";

export interface PrintableCertificate {
  kind: CertificateKind;
  /** The certificate's number, e.g. "CTC-71234-0007"; null for a test report. */
  serial: string | null;
  /** The lead's state code ("QLD", "NSW", ...): every date and time is printed on that state's clock. */
  state: string;
  issuedAt: Date;
  testedAt: Date;
  /** The person for whom the work was performed, and their address (the installation's, after purchase). */
  customer: { name: string; address: string };
  /** What was worked on and tested, in the electrician's words (may be long: wrap it). */
  workDescription: string;
  contractor: { name: string; licence: string | null; abn: string | null; phone: string | null };
  /** Who did the tests. */
  electrician: { name: string; licence: string | null };
  results: TestResults;
  /** For a test report: the state's own certificate's name, to say plainly this is not it. */
  stateCertificateName?: string | null;
}

/**
 * What Queensland's certificate certifies, in our own words of what the Electrical Safety
 * Regulation 2013 (Qld) asks a certificate of testing and compliance to state.
 */
export const QLD_CERTIFICATION_STATEMENT =
  "The electrical contractor named on this certificate certifies that the electrical installation, as far as the electrical work described here affects it, " +
  "has been tested to make sure it is electrically safe, and that it meets the requirements of the wiring rules (AS/NZS 3000) and of any other standard " +
  "that applies to the installation under the Electrical Safety Regulation 2013 (Qld).";

/**
 * A test report's plain warning that it is not the state's certificate: the customer and an
 * inspector must not take the record of the tests for the document the state requires.
 */
export function notTheCertificateText(stateCertificateName: string | null, state: string): string {
  const record = "This is a record of the tests done.";
  if (!stateCertificateName) return `${record} It is not a certificate of compliance.`;
  const article = /^[aeiou]/i.test(stateCertificateName) ? "an" : "a";
  return `${record} It is not ${article} ${stateCertificateName} and does not replace the certificate ${state} requires.`;
}
