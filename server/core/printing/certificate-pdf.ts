// Queensland's certificate of testing and compliance and the test report, as A4 PDFs
// (docs/decisions/105-paperwork-on-the-card.md): what each holds, in what order, drawn on
// certificate-sheet.ts's pages the way pdf.ts draws the tax documents
// (docs/decisions/053-tax-documents-pdf.md). Every date is on the lead's state's clock: a job
// tested at 1:30 am in Brisbane is that day's, whatever the date is in UTC.
import { wallClockIn, zoneOfState } from "../../../shared/state-time";
import { formatStateDateTime } from "../../../shared/state-time-text";
import type { CircuitResults, RcdResults } from "../../../shared/test-records";
import { checkCircuitEarth, checkInsulation, checkMainEarth, maxFaultLoopOhms, TEST_LIMITS } from "../../../shared/test-limits";
import { formatAbn } from "../../../shared/vetting";
import { notTheCertificateText, QLD_CERTIFICATION_STATEMENT, type PrintableCertificate } from "./certificate";
import { BODY, MARGIN, openSheet, SMALL, type Column, type Sheet } from "./certificate-sheet";

const QLD_TITLE = "Certificate of testing and compliance";
const REPORT_TITLE = "Electrical test report";
const NONE = "—";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** "Wednesday 25 November 2026": the day on the state's wall clock, which is the day Queensland asks for. */
function stateDay(instant: Date, state: string): string {
  const w = wallClockIn(zoneOfState(state), instant);
  return `${DAYS[new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay()]} ${w.day} ${MONTHS[w.month - 1]} ${w.year}`;
}

const numbers = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 3 });
const figure = (n: number | null) => (n === null ? NONE : numbers.format(n));
const yesNo = (ok: boolean | null) => (ok === null ? NONE : ok ? "✓ Correct" : "✗ Wrong");

function circuitRow(c: CircuitResults): string[] {
  const device = c.device ? `${c.device.curve}${c.device.ratingA}` : NONE;
  let loop = figure(c.faultLoopOhms);
  if (c.faultLoopByConductor) loop = "verified by conductor";
  else if (c.device) loop = `${loop} (max ${figure(maxFaultLoopOhms(c.device))})`;
  return [c.name, device, figure(c.earthOhms), figure(c.insulationMegohms), yesNo(c.polarityCorrect), yesNo(c.connectionsCorrect), loop];
}

function rcdRow(r: RcdResults, i: number): string[] {
  const max = r.ratedMa === null ? null : TEST_LIMITS.rcdMaxMs[r.ratedMa];
  const trip = (ms: number | null, limit: number | undefined) => (limit === undefined ? figure(ms) : `${figure(ms)} (max ${limit})`);
  return [
    String(i + 1),
    r.protects.length > 0 ? r.protects.join("; ") : NONE,
    r.ratedMa === null ? NONE : `${r.ratedMa} mA`,
    trip(r.tripMs, max?.rated),
    trip(r.tripMsFiveTimes, max?.fiveTimes),
  ];
}

function top(sheet: Sheet, c: PrintableCertificate, title: string) {
  const { pdf, left, width } = sheet;
  const half = width / 2;
  sheet.use("bold", 18).text(title, left, MARGIN, { width });
  const below = pdf.y + 4;
  const under = c.kind === "qld_certificate" ? "Electrical Safety Regulation 2013 (Qld)" : `Electrical work in ${c.state}`;
  sheet.use("regular", BODY, "#555").text(under, left, below, { width: half });
  const titleEnd = pdf.y;
  const facts: [string, string][] = [];
  if (c.serial) facts.push(["Certificate no.", c.serial]);
  facts.push(["Date issued", formatStateDateTime(c.issuedAt, c.state).split(",")[0]!]); // "26 Nov 2026, 9:10 am": the day
  let y = below;
  for (const [label, value] of facts) {
    sheet.use("regular", BODY, "#555").text(label, left + half + 40, y, { width: 90 });
    sheet.use("bold", BODY).text(value, left + half + 130, y, { width: half - 130, align: "right" });
    y = Math.max(pdf.y, y + 13);
  }
  pdf.y = Math.max(titleEnd, y) + 14;
  if (c.kind === "test_report") {
    // Said first, boxed: the customer must not take the record of the tests for the state's certificate.
    const text = notTheCertificateText(c.stateCertificateName ?? null, c.state);
    const height = sheet.use("bold", 11).heightOfString(text, { width: width - 20 }) + 16;
    pdf.rect(left, pdf.y, width, height).lineWidth(1).fillAndStroke("#fff4e0", "#b26a00");
    pdf.fillColor("#000").text(text, left + 10, pdf.y + 8, { width: width - 20 });
    pdf.y += 8 + 14;
  }
}

const MAIN_EARTH_COLUMNS: Column[] = [
  { label: "Test", width: 0 },
  { label: "Reading", width: 110 },
  { label: "Limit", width: 150 },
];
const CIRCUIT_COLUMNS: Column[] = [
  { label: "Circuit", width: 0 },
  { label: "Device", width: 44 },
  { label: "Earth continuity (Ω)", width: 60 },
  { label: "Insulation resistance (MΩ)", width: 70 },
  { label: "Polarity", width: 58 },
  { label: "Connections", width: 62 },
  { label: "Fault-loop impedance (Ω)", width: 92 },
];
const RCD_COLUMNS: Column[] = [
  { label: "RCD", width: 34 },
  { label: "Circuits protected", width: 0 },
  { label: "Rated", width: 52 },
  { label: "Trip time at rated current (ms)", width: 100 },
  { label: "Trip time at 5 × rated (ms)", width: 100 },
];
const LIMITS =
  `Limits: earth continuity ${checkCircuitEarth(null).limit}; insulation resistance ${checkInsulation(null).limit}; ` +
  "fault-loop impedance at most the maximum for the circuit's protective device, printed beside each reading.";

function body(sheet: Sheet, c: PrintableCertificate) {
  const { contractor, electrician, results } = c;
  const licence = `Electrical contractor licence no. ${contractor.licence ?? NONE}`;
  const abn = `ABN ${contractor.abn ? formatAbn(contractor.abn) : NONE}`;
  sheet.pair(
    ["Work performed for", [c.customer.name, c.customer.address]],
    ["Electrical contractor", [contractor.name, licence, abn, `Phone ${contractor.phone ?? NONE}`]],
  );
  sheet.pair(["Tested by", [electrician.name, `Electrical licence no. ${electrician.licence ?? NONE}`]], ["Date of testing", [stateDay(c.testedAt, c.state)]]);

  sheet.heading("Electrical installation tested");
  sheet.paragraph(c.workDescription);
  const names = results.circuits.map((circuit) => circuit.name);
  sheet.paragraph(`Circuits tested: ${names.length > 0 ? names.join("; ") : NONE}`);

  const mainEarth = results.installation.mainEarthOhms;
  sheet.heading("Installation");
  sheet.table(MAIN_EARTH_COLUMNS, [
    ["Main earthing conductor continuity", mainEarth === null ? NONE : `${figure(mainEarth)} Ω`, checkMainEarth(mainEarth).limit],
  ]);
  sheet.heading("Circuits");
  sheet.table(CIRCUIT_COLUMNS, results.circuits.map(circuitRow));
  sheet.paragraph(LIMITS, "regular", SMALL, "#555");
  sheet.heading("RCDs");
  if (results.rcds.length > 0) sheet.table(RCD_COLUMNS, results.rcds.map(rcdRow));
  else sheet.paragraph("No RCDs were tested.");

  if (c.kind === "qld_certificate") {
    const tested = `Tested under electrical contractor licence no. ${contractor.licence ?? NONE} (${contractor.name}).`;
    const keep = "Keep this certificate: the contractor keeps a copy for 5 years.";
    // The statement, the licence it was tested under and the keeping line stay together, on one page.
    sheet.heading("Certification", sheet.measure(QLD_CERTIFICATION_STATEMENT) + sheet.measure(tested) + sheet.measure(keep, "bold"));
    sheet.paragraph(QLD_CERTIFICATION_STATEMENT);
    sheet.paragraph(tested);
    sheet.paragraph(keep, "bold");
  }
}

/**
 * Draws the certificate or the test report as an A4 PDF; pdfkit is loaded at the first one, as
 * in renderPdf (docs/decisions/053-tax-documents-pdf.md).
 */
export async function renderCertificatePdf(c: PrintableCertificate): Promise<Buffer> {
  const title = c.kind === "qld_certificate" ? QLD_TITLE : REPORT_TITLE;
  const named = c.serial ? `${title} ${c.serial}` : title;
  const sheet = await openSheet({ Title: named, Author: c.contractor.name, CreationDate: c.issuedAt }, named);
  top(sheet, c, title);
  body(sheet, c);
  return sheet.finish(`${named} — ${c.contractor.name}`);
}
