// The fields each state's form or portal asks for, filled from the job (docs/decisions/105-paperwork-
// on-the-card.md), for the electrician to copy field by field. NSW's follow the approved CCEW form's
// sections in its order; the portals' (VIC, WA, SA, ACT, TAS, NT) one common set, since each portal
// asks its own questions in its own screens. A value the product does not hold is null: the card
// says to fill it in on the form.
import type { JobEvents } from "../../../shared/compliance-deadlines";
import { COMPLIANCE_DOCUMENTS, type ComplianceDocumentKey, type WorkMark } from "../../../shared/compliance-documents";
import { labelOf } from "../../../shared/labels";
import { RECIPIENT_WORDS, type PaperworkField } from "../../../shared/paperwork";
import { formatStateDateTime } from "../../../shared/state-time-text";
import { checkTestResults, type TestResults } from "../../../shared/test-records";
import { formatAbn } from "../../../shared/vetting";
import type { JobFacts } from "./repo";

const personName = (p: { firstName: string | null; lastName: string | null; username?: string } | null) =>
  p ? [p.firstName, p.lastName].filter(Boolean).join(" ") || (p.username ?? null) : null;

/** "Karen Mitchell" → first and last, as the forms split them; one word is a first name. */
function splitName(name: string): { first: string; last: string | null } {
  const parts = name.trim().split(/\s+/);
  return parts.length > 1 ? { first: parts.slice(0, -1).join(" "), last: parts.at(-1)! } : { first: parts[0] ?? name, last: null };
}

const range = (values: number[], unit: string) =>
  values.length === 0 ? null : Math.min(...values) === Math.max(...values) ? `${values[0]} ${unit}` : `${Math.min(...values)}-${Math.max(...values)} ${unit}`;

/** The test record in the words a form's test section asks for: each test and whether every circuit passed it. */
export function testSummary(results: TestResults | null): PaperworkField[] {
  const section = "Test results";
  if (!results) return [{ section, label: "Tests", value: null }];
  const checks = checkTestResults(results);
  const passed = (suffix: string) => {
    const of = checks.filter((c) => c.field.endsWith(suffix));
    return of.length === 0 ? null : of.every((c) => c.result === "pass") ? `Pass (${of.length} of ${of.length})` : "Not passed";
  };
  const circuits = results.circuits;
  const num = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);
  return [
    {
      section,
      label: "Main earthing conductor continuity",
      value: results.installation.mainEarthOhms === null ? null : `${results.installation.mainEarthOhms} Ω`,
    },
    { section, label: "Protective earth continuity", value: range(num(circuits.map((c) => c.earthOhms)), "Ω") },
    { section, label: "Insulation resistance (500 V d.c.)", value: range(num(circuits.map((c) => c.insulationMegohms)), "MΩ") },
    { section, label: "Polarity", value: passed(".polarityCorrect") },
    { section, label: "Correct circuit connections", value: passed(".connectionsCorrect") },
    { section, label: "Earth fault-loop impedance", value: passed(".faultLoopOhms") },
    { section, label: "RCD operation", value: results.rcds.length === 0 ? "No RCD tested" : passed(".tripMs") },
    { section, label: "Circuits tested", value: circuits.map((c) => c.name).join(", ") || null },
  ];
}

function common(job: JobFacts, state: string) {
  const d = job.copy ?? job.lead;
  const name = splitName(d.customerName);
  const business = job.business;
  return {
    customer: [
      { section: "Customer", label: "First name", value: name.first },
      { section: "Customer", label: "Last name", value: name.last },
      { section: "Customer", label: "Phone", value: d.customerPhone || null },
      { section: "Customer", label: "E-mail", value: d.customerEmail ?? null },
    ],
    address: [
      { section: "Installation address", label: "Street address", value: d.customerAddress ?? null },
      { section: "Installation address", label: "Suburb", value: job.lead.suburb ?? null },
      { section: "Installation address", label: "State", value: state },
      { section: "Installation address", label: "Postcode", value: job.lead.postcode ?? null },
      { section: "Installation address", label: "NMI", value: null },
      { section: "Installation address", label: "Meter number", value: null },
    ],
    work: [
      { section: "Installation details", label: "Type of installation", value: labelOf("propertyType", d.propertyType) },
      { section: "Installation details", label: "Description of work", value: d.electricalWork },
    ],
    licences: [
      { section: "Licences", label: "Electrician who tested", value: personName(job.tester) },
      { section: "Licences", label: "Electrician's licence number", value: job.tester?.licence ?? business.licence ?? null },
      { section: "Licences", label: "Contractor", value: business.companyName ?? personName(business) },
      { section: "Licences", label: "Contractor's licence number", value: business.licence ?? null },
      { section: "Licences", label: "ABN", value: business.abn ? formatAbn(business.abn) : null },
      { section: "Licences", label: "Contractor's phone", value: business.phone ?? null },
    ],
  };
}

const NSW_WORK: Record<WorkMark, string> = { new_installation: "New work", network_work: "Network connection", prescribed: "", notifiable: "" };

/** The fields of `document` for this job, grouped by the form's sections. */
export function fieldsFor(
  document: ComplianceDocumentKey,
  job: JobFacts,
  state: string,
  marks: WorkMark[],
  events: JobEvents,
  serial: string | null,
): PaperworkField[] {
  const c = common(job, state);
  const when = (at: Date | null | undefined) => (at ? formatStateDateTime(at, state) : null);
  const results = job.record?.results ?? null;
  const recipients = (to: readonly { to: keyof typeof RECIPIENT_WORDS }[]) => to.map((r) => RECIPIENT_WORDS[r.to]).join(", ");
  if (document === "nsw_ccew") {
    const work = marks.map((m) => NSW_WORK[m]).filter(Boolean);
    return [
      { section: "Certificate", label: "Serial number", value: serial },
      ...c.address,
      ...c.customer,
      ...c.work,
      { section: "Installation details", label: "Work carried out", value: work.length > 0 ? work.join(", ") : "Addition or alteration" },
      ...testSummary(results),
      { section: "Test results", label: "Date of test", value: when(events.test) },
      ...c.licences,
      {
        section: "Send to",
        label: "Recipients",
        value: recipients(COMPLIANCE_DOCUMENTS.nsw_ccew.recipients.filter((r) => !("when" in r) || r.when.some((m) => marks.includes(m)))),
      },
    ];
  }
  const d = COMPLIANCE_DOCUMENTS[document];
  const dates: PaperworkField[] = [
    d.startsFrom === "before_start"
      ? { section: "Dates", label: "Work starts", value: when(events.start) }
      : { section: "Dates", label: "Date of test", value: when(events.test) },
    ...(d.startsFrom === "completion" ? [{ section: "Dates", label: "Work completed", value: when(events.completion) }] : []),
    ...(d.startsFrom === "energised" ? [{ section: "Dates", label: "Energised", value: when(events.energised) }] : []),
  ];
  return [...c.address, ...c.customer, ...c.work, ...dates, ...(d.startsFrom === "before_start" ? [] : testSummary(results)), ...c.licences];
}
