// The one PDF renderer for every tax document (docs/decisions/053-tax-documents-pdf.md): pdfkit,
// with DejaVu Sans embedded (subset) so accents, dashes, curly quotes and "$" print as typed.
// A4, long descriptions wrap, the table's header repeats on every page, money is right-aligned,
// dates are Sydney's (en-AU, shared/sydney-time.ts), amounts through shared/format.ts.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { formatMoney } from "../../../shared/format";
import { formatSydneyDate } from "../../../shared/sydney-time";
import { formatAbn } from "../../../shared/vetting";
import type { PrintableDocument, PrintableLine } from "./printable";

const MARGIN = 48;
const FOOT = 36; // the page number and footer sit this far above the paper's bottom edge
const BODY = 9.5;
const SMALL = 8;
const ROW_PAD = 4;

type Pdf = PDFKit.PDFDocument;

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/**
 * DejaVu Sans, read once: the package ships the TrueType files (Bitstream Vera licence, embedding
 * allowed). Exported for the certificate renderer (certificate-pdf.ts), which prints the same face.
 */
export function loadFonts() {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    fonts = {
      regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
      bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
    };
  }
  return fonts;
}

const money = (amount: string) => formatMoney(amount);
const abnText = (abn: string | null | undefined) => (abn ? `ABN ${formatAbn(abn)}` : null);

interface Column {
  key: "description" | "quantity" | "unitPrice" | "gst" | "amount";
  label: string;
  width: number;
  align: "left" | "right";
}

/** The table's columns: description takes what the figures leave; a figure column shows when any line has it. */
function columnsFor(lines: readonly PrintableLine[], contentWidth: number): Column[] {
  const figures: Column[] = [];
  if (lines.some((l) => l.quantity != null)) figures.push({ key: "quantity", label: "Qty", width: 44, align: "right" });
  if (lines.some((l) => l.unitPrice != null)) figures.push({ key: "unitPrice", label: "Unit price", width: 78, align: "right" });
  if (lines.some((l) => l.gst != null)) figures.push({ key: "gst", label: "GST", width: 70, align: "right" });
  figures.push({ key: "amount", label: "Amount", width: 84, align: "right" });
  const used = figures.reduce((sum, c) => sum + c.width, 0);
  return [{ key: "description", label: "Description", width: contentWidth - used, align: "left" }, ...figures];
}

function cellText(line: PrintableLine, key: Column["key"]): string {
  switch (key) {
    case "description":
      return line.gstFree ? `${line.description} (GST-free)` : line.description;
    case "quantity":
      return line.quantity ?? "";
    case "unitPrice":
      return line.unitPrice != null ? money(line.unitPrice) : "";
    case "gst":
      return line.gst != null ? money(line.gst) : "";
    case "amount":
      return money(line.amount);
  }
}

class Layout {
  readonly left = MARGIN;
  readonly width: number;
  readonly bottom: number;
  readonly columns: Column[];

  constructor(
    readonly pdf: Pdf,
    readonly doc: PrintableDocument,
  ) {
    this.width = pdf.page.width - 2 * MARGIN;
    this.bottom = pdf.page.height - MARGIN - FOOT / 2;
    this.columns = columnsFor(doc.lines, this.width);
  }

  get y() {
    return this.pdf.y;
  }

  /** Starts a new page when `height` does not fit; on it, a short heading (and the table's header, inside the table). */
  ensureRoom(height: number, withTableHeader: boolean) {
    if (this.y + height <= this.bottom) return;
    this.pdf.addPage();
    this.pdf.y = MARGIN;
    this.pdf.font("bold").fontSize(BODY).fillColor("#000").text(`${this.doc.title} ${this.doc.number} (continued)`, this.left, MARGIN, { width: this.width });
    this.pdf.moveDown(0.8);
    if (withTableHeader) this.tableHeader();
  }

  header() {
    const { pdf, doc } = this;
    const half = this.width / 2;
    pdf.font("bold").fontSize(20).text(doc.title, this.left, MARGIN, { width: half });
    const facts: [string, string][] = [
      ["Number", doc.number],
      ["Date issued", formatSydneyDate(doc.issuedAt)],
    ];
    if (doc.dueAt) facts.push(["Due date", formatSydneyDate(doc.dueAt)]);
    for (const ref of doc.references ?? []) facts.push([ref.label, ref.value]);
    let y = MARGIN + 4;
    for (const [label, value] of facts) {
      pdf
        .font("regular")
        .fontSize(BODY)
        .fillColor("#555")
        .text(label, this.left + half, y, { width: 90 });
      pdf
        .font("bold")
        .fillColor("#000")
        .text(value, this.left + half + 90, y, { width: half - 90, align: "right" });
      y = Math.max(pdf.y, y + 13);
    }
    const top = Math.max(y, MARGIN + 30) + 14;
    const sellerEnd = this.party("From", doc.seller, this.left, top, half - 12);
    const buyerEnd = doc.buyer ? this.party("To", doc.buyer, this.left + half, top, half) : top;
    pdf.y = Math.max(sellerEnd, buyerEnd) + 16;
  }

  private party(label: string, party: PrintableDocument["buyer"] & object, x: number, y: number, width: number) {
    const { pdf } = this;
    pdf.font("regular").fontSize(SMALL).fillColor("#555").text(label.toUpperCase(), x, y, { width });
    pdf
      .font("bold")
      .fontSize(11)
      .fillColor("#000")
      .text(party.name, x, pdf.y + 2, { width });
    pdf.font("regular").fontSize(BODY);
    const abn = abnText(party.abn);
    if (abn) pdf.text(abn, x, pdf.y + 1, { width });
    if (party.address) pdf.text(party.address, x, pdf.y + 1, { width });
    return pdf.y;
  }

  tableHeader() {
    const { pdf } = this;
    const y = this.y;
    let x = this.left;
    pdf.font("bold").fontSize(SMALL).fillColor("#333");
    for (const column of this.columns) {
      pdf.text(column.label, x, y, { width: column.width, align: column.align, lineBreak: false });
      x += column.width;
    }
    const lineY = y + 12;
    pdf
      .moveTo(this.left, lineY)
      .lineTo(this.left + this.width, lineY)
      .lineWidth(0.8)
      .strokeColor("#333")
      .stroke();
    pdf.y = lineY + ROW_PAD;
  }

  row(line: PrintableLine) {
    const { pdf } = this;
    pdf.font("regular").fontSize(BODY);
    const description = this.columns[0]!;
    const height = pdf.heightOfString(cellText(line, "description") || " ", { width: description.width - 8 }) + 2 * ROW_PAD;
    this.ensureRoom(height, true);
    const y = this.y;
    let x = this.left;
    pdf.font("regular").fontSize(BODY).fillColor("#000");
    for (const column of this.columns) {
      const text = cellText(line, column.key);
      const width = column.key === "description" ? column.width - 8 : column.width;
      pdf.text(text, x, y, column.key === "description" ? { width } : { width, align: "right", lineBreak: false });
      x += column.width;
    }
    const endY = y + height - ROW_PAD;
    pdf
      .moveTo(this.left, endY)
      .lineTo(this.left + this.width, endY)
      .lineWidth(0.3)
      .strokeColor("#bbb")
      .stroke();
    pdf.y = endY + ROW_PAD;
  }

  totals() {
    const { pdf, doc } = this;
    const t = doc.totals;
    const rows: { label: string; value: string; strong?: boolean }[] = [];
    if (t.gstWording === "GST") {
      rows.push({ label: "Subtotal", value: money(t.subtotal) }, { label: "GST", value: money(t.gst) });
    }
    rows.push({ label: t.totalLabel ?? "Total", value: money(t.total), strong: true });
    // A GST-inclusive price: the GST inside it, so a buyer can claim it without dividing by eleven.
    if (t.gstWording === "GST included" || t.gstWording === "Total price includes GST") rows.push({ label: "GST included in the total", value: money(t.gst) });
    for (const extra of t.extra ?? []) rows.push({ label: extra.label, value: money(extra.amount) });
    const height = rows.length * 16 + (t.gstWording === "Total price includes GST" ? 16 : 0) + 10;
    this.ensureRoom(height, false);
    pdf.y += 6;
    const labelX = this.left + this.width - 260;
    for (const row of rows) {
      const y = this.y;
      pdf
        .font(row.strong ? "bold" : "regular")
        .fontSize(row.strong ? 11 : BODY)
        .fillColor("#000");
      pdf.text(row.label, labelX, y, { width: 150, lineBreak: false });
      pdf.text(row.value, labelX + 150, y, { width: 110, align: "right", lineBreak: false });
      pdf.y = y + 16;
    }
    pdf.font("regular").fontSize(BODY);
    if (t.gstWording === "Total price includes GST") pdf.text("Total price includes GST", labelX, this.y, { width: 260, align: "right" });
    pdf.y += 10;
  }

  block(heading: string, body: string) {
    const { pdf } = this;
    pdf.font("regular").fontSize(BODY);
    const height = pdf.heightOfString(body, { width: this.width }) + 22;
    this.ensureRoom(Math.min(height, this.bottom - MARGIN - 40), false);
    pdf
      .font("bold")
      .fontSize(BODY)
      .fillColor("#000")
      .text(heading, this.left, this.y + 6, { width: this.width });
    pdf.font("regular").text(body, this.left, this.y + 2, { width: this.width });
  }

  /** Page numbers and the footer, on every page once the pages are known. */
  pageFeet() {
    const { pdf, doc } = this;
    const range = pdf.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      pdf.switchToPage(range.start + i);
      const bottomMargin = pdf.page.margins.bottom;
      pdf.page.margins.bottom = 0; // writing below the margin must not start a page
      const y = pdf.page.height - FOOT;
      pdf.font("regular").fontSize(SMALL).fillColor("#555");
      if (doc.footer) pdf.text(doc.footer, this.left, y, { width: this.width - 90, lineBreak: false, ellipsis: true });
      pdf.text(`Page ${i + 1} of ${range.count}`, this.left + this.width - 90, y, { width: 90, align: "right", lineBreak: false });
      pdf.page.margins.bottom = bottomMargin;
    }
  }
}

/**
 * Draws the document as an A4 PDF. pdfkit (with fontkit and its decoders, 2 MB of source) is
 * loaded at the first document, not at every start: most instances print none for hours
 * (docs/decisions/078-a-server-that-stays-small.md).
 */
export async function renderPdf(doc: PrintableDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const { regular, bold } = loadFonts();
  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${doc.title} ${doc.number}`, Author: doc.seller.name, CreationDate: new Date(doc.issuedAt) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  pdf.registerFont("regular", regular);
  pdf.registerFont("bold", bold);
  const layout = new Layout(pdf, doc);
  layout.header();
  layout.tableHeader();
  for (const line of doc.lines) layout.row(line);
  layout.totals();
  if (doc.notes) layout.block("Notes", doc.notes);
  if (doc.paymentDetails) {
    const p = doc.paymentDetails;
    const lines = [p.accountName ? `Account name: ${p.accountName}` : null, `BSB: ${p.bsb}`, `Account: ${p.account}`, `Reference: ${p.reference}`];
    layout.block("How to pay (EFT)", lines.filter(Boolean).join("\n"));
  }
  layout.pageFeet();
  pdf.end();
  return done;
}
