// A PDF's text, for tests that assert on what a printed document says
// (docs/decisions/053-tax-documents-pdf.md): unpdf, pdf.js's text layer for Node.
import { extractText, getDocumentProxy } from "unpdf";

/** Every page's text, pages joined by a blank line; runs of spaces collapsed so a wrapped line reads as one. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<{ text: string; pages: number }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(document, { mergePages: false });
  return { pages: totalPages, text: text.join("\n\n") };
}

/** The text with all whitespace collapsed to single spaces: wrapped descriptions compare whole. */
export const flat = (text: string) => text.replace(/\s+/g, " ");
