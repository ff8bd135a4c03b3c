// The page machinery of the compliance documents (docs/decisions/105-paperwork-on-the-card.md),
// as pdf.ts has it for the tax documents (docs/decisions/053-tax-documents-pdf.md): A4, 48 pt
// margins, DejaVu Sans, labelled blocks, tables whose cells wrap and whose header repeats on a new
// page, "(continued)" atop every page after the first, the footer and "Page n of m" on each.
import { loadFonts } from "./pdf";

export const MARGIN = 48;
const FOOT = 36; // the page number and footer sit this far above the paper's bottom edge
export const BODY = 9.5;
export const SMALL = 8;
const PAD = 4;
const GAP = 6; // between a cell's text and the next column

type Pdf = PDFKit.PDFDocument;
/** A column of a table; a width of 0 takes what the others leave. */
export type Column = { label: string; width: number };

/**
 * An A4 document ready to draw on; pdfkit (2 MB of source) is loaded at the first, not at the
 * server's start (docs/decisions/078-a-server-that-stays-small.md). `continued` heads the later pages.
 */
export async function openSheet(info: PDFKit.DocumentInfo, continued: string): Promise<Sheet> {
  const { default: PDFDocument } = await import("pdfkit");
  const { regular, bold } = loadFonts();
  const pdf = new PDFDocument({ size: "A4", margin: MARGIN, bufferPages: true, info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  pdf.registerFont("regular", regular);
  pdf.registerFont("bold", bold);
  return new Sheet(pdf, continued, done);
}

export class Sheet {
  readonly left = MARGIN;
  readonly width: number;
  readonly bottom: number;

  constructor(
    readonly pdf: Pdf,
    readonly continued: string,
    private readonly done: Promise<Buffer>,
  ) {
    this.width = pdf.page.width - 2 * MARGIN;
    this.bottom = pdf.page.height - MARGIN - FOOT / 2;
  }

  /** The font, size and colour of what is written next. */
  use(font: "regular" | "bold", size: number, color = "#000") {
    return this.pdf.font(font).fontSize(size).fillColor(color);
  }

  /** Starts a new page when `height` does not fit, headed "(continued)"; `header` redraws a table's header on it. */
  ensureRoom(height: number, header?: () => void) {
    if (this.pdf.y + height <= this.bottom) return;
    this.pdf.addPage();
    this.use("bold", BODY).text(`${this.continued} (continued)`, this.left, MARGIN, { width: this.width });
    this.pdf.moveDown(0.8);
    header?.();
  }

  /** A labelled block of lines at (x, y), the first in bold; returns where it ends. */
  block(label: string, [first, ...rest]: string[], x: number, y: number, width: number): number {
    this.use("regular", SMALL, "#555").text(label.toUpperCase(), x, y, { width });
    this.use("bold", 11).text(first ?? "", x, this.pdf.y + 2, { width });
    this.use("regular", BODY);
    for (const line of rest) this.pdf.text(line, x, this.pdf.y + 1, { width });
    return this.pdf.y;
  }

  /** Two labelled blocks side by side. */
  pair(a: [string, string[]], b: [string, string[]]) {
    const half = this.width / 2;
    this.ensureRoom(70);
    const y = this.pdf.y;
    this.pdf.y = Math.max(this.block(...a, this.left, y, half - 12), this.block(...b, this.left + half, y, half)) + 14;
  }

  /** A section's heading, on the next page when fewer than `keep` points of what follows it fit under it. */
  heading(text: string, keep = 50) {
    this.ensureRoom(24 + keep);
    this.use("bold", 11).text(text, this.left, this.pdf.y + 4, { width: this.width });
    this.pdf.y += 4;
  }

  /** The height `text` takes across the page. */
  measure(text: string, font: "regular" | "bold" = "regular", size = BODY) {
    return this.pdf.font(font).fontSize(size).heightOfString(text, { width: this.width }) + 6;
  }

  paragraph(text: string, font: "regular" | "bold" = "regular", size = BODY, color = "#000") {
    this.ensureRoom(Math.min(this.measure(text, font, size), 60));
    this.use(font, size, color).text(text, this.left, this.pdf.y, { width: this.width });
    this.pdf.y += 6;
  }

  /** A row's height, in the header's font or the body's (which stays set for the row). */
  private rowHeight(cells: string[], widths: number[], header = false) {
    this.use(header ? "bold" : "regular", header ? SMALL : BODY, header ? "#333" : "#000");
    return Math.max(...cells.map((text, i) => this.pdf.heightOfString(text || " ", { width: widths[i]! - GAP }))) + 2 * PAD;
  }

  private row(cells: string[], widths: number[], header: boolean) {
    const { pdf } = this;
    const y = pdf.y;
    const end = y + this.rowHeight(cells, widths, header);
    let x = this.left;
    cells.forEach((text, i) => {
      pdf.text(text, x, y + PAD, { width: widths[i]! - GAP });
      x += widths[i]!;
    });
    pdf.moveTo(this.left, end).lineTo(this.left + this.width, end);
    pdf
      .lineWidth(header ? 0.8 : 0.3)
      .strokeColor(header ? "#333" : "#bbb")
      .stroke();
    pdf.y = end;
  }

  /** A table: every cell wraps, a row moves whole to the next page, and the header comes with it. */
  table(columns: Column[], rows: string[][]) {
    const fixed = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => c.width || this.width - fixed);
    const labels = columns.map((c) => c.label);
    const header = () => this.row(labels, widths, true);
    // The header never sits alone at a page's foot: it starts a page with its first row.
    this.ensureRoom(this.rowHeight(labels, widths, true) + (rows[0] ? this.rowHeight(rows[0], widths) : 0));
    header();
    for (const cells of rows) {
      this.ensureRoom(this.rowHeight(cells, widths), header);
      this.row(cells, widths, false);
    }
    this.pdf.y += 8;
  }

  /** Page numbers and the footer, on every page once the pages are known. */
  private feet(footer: string) {
    const { pdf } = this;
    const range = pdf.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      pdf.switchToPage(range.start + i);
      const bottomMargin = pdf.page.margins.bottom;
      pdf.page.margins.bottom = 0; // writing below the margin must not start a page
      const y = pdf.page.height - FOOT;
      this.use("regular", SMALL, "#555").text(footer, this.left, y, { width: this.width - 90, lineBreak: false, ellipsis: true });
      pdf.text(`Page ${i + 1} of ${range.count}`, this.left + this.width - 90, y, { width: 90, align: "right", lineBreak: false });
      pdf.page.margins.bottom = bottomMargin;
    }
  }

  /** The footer and page numbers on every page, then the finished PDF. */
  finish(footer: string): Promise<Buffer> {
    this.feet(footer);
    this.pdf.end();
    return this.done;
  }
}
