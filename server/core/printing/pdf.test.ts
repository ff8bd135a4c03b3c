import { describe, expect, it } from "vitest";
import { flat, pdfText } from "../../test/pdf-text";
import { renderPdf } from "./pdf";
import type { PrintableDocument } from "./printable";

// What customers and electricians type: accents, an en dash, curly quotes, "$", an em dash.
const typed = "Renée’s “heritage” terrace — rewire kitchen–laundry circuit, Café Zoë, $ as quoted";

function fiftyLines(): PrintableDocument {
  return {
    title: "Tax invoice",
    number: "INV-000042",
    issuedAt: "2026-11-22T23:30:00Z", // 23 Nov 2026 in Sydney, 10:30 am
    dueAt: "2026-11-30T01:00:00Z",
    seller: { name: "Sparks & Söhne Electrical Contracting Pty Ltd", abn: "51824753556", address: "12 Ōtautahi Lane, Parramatta NSW 2150" },
    buyer: { name: "Zoë O’Connor", abn: "53004085616", address: "3 Rue de la Paix, Manly NSW 2095" },
    lines: Array.from({ length: 50 }, (_, i) => ({
      description:
        `Line ${i + 1}: ${typed}. ${i % 5 === 0 ? "Supply and install a long run of cable through the ceiling cavity, patch and paint the plaster where the switch plate moves, test and tag every appliance on the circuit and leave a compliance certificate on site." : ""}`.trim(),
      quantity: i % 3 === 0 ? "1.5" : "2",
      unitPrice: "1234.50",
      amount: i % 3 === 0 ? "1851.75" : "2469.00",
      gstFree: i === 7,
    })),
    totals: { subtotal: "110000.00", gst: "11000.00", total: "121000.00", gstWording: "GST", extra: [{ label: "Balance due", amount: "121000.00" }] },
    notes: "Access through the side gate – the dog’s friendly. “No parking” on the driveway.",
    paymentDetails: { bsb: "062-000", account: "12345678", reference: "INV-000042", accountName: "Sparks & Söhne" },
    footer: "Thank you for your business — Sparks & Söhne",
  };
}

describe("the PDF renderer", () => {
  it("when a 50-line document with long, non-ASCII text is rendered, then its text holds every field on A4 pages with the header repeated", async () => {
    const doc = fiftyLines();
    const pdf = await renderPdf(doc);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("/MediaBox [0 0 595.28 841.89]"); // A4 in points

    const { text, pages } = await pdfText(pdf);
    const all = flat(text);
    expect(pages).toBeGreaterThan(1);
    for (const field of [
      "Tax invoice",
      "INV-000042",
      "23 Nov 2026",
      "30 Nov 2026",
      "Sparks & Söhne Electrical Contracting Pty Ltd",
      "ABN 51 824 753 556",
      "12 Ōtautahi Lane, Parramatta NSW 2150",
      "Zoë O’Connor",
      "ABN 53 004 085 616",
      "$1,234.50",
      "$1,851.75",
      "$2,469.00",
      "$110,000.00",
      "$11,000.00",
      "$121,000.00",
      "Balance due",
      "$ as quoted. (GST-free)",
      "Access through the side gate – the dog’s friendly. “No parking” on the driveway.",
      "BSB: 062-000",
      "Account: 12345678",
      "Thank you for your business — Sparks & Söhne",
      `Page ${pages} of ${pages}`,
    ]) {
      expect(all, field).toContain(field);
    }
    // A line may wrap after a dash ("kitchen–" / "laundry"), where the text layer puts a space: compare without spaces.
    const squash = (value: string) => value.replace(/\s+/g, "");
    for (const line of doc.lines) expect(squash(text), line.description.slice(0, 8)).toContain(squash(line.description));
    // Every page after the first repeats the title and the table's header.
    const pageTexts = text.split("\n\n");
    for (const page of pageTexts.slice(1)) {
      expect(flat(page)).toContain("Tax invoice INV-000042 (continued)");
      if (/Line \d+/.test(page)) expect(flat(page)).toMatch(/Description Qty Unit price Amount/);
    }
  });

  it("when a document shows GST as included, then it says so and prints no separate GST row", async () => {
    const { text } = await pdfText(
      await renderPdf({
        title: "Tax invoice",
        number: "AEL-000001",
        issuedAt: new Date("2026-03-01T00:00:00Z"),
        seller: { name: "Aussie Electricians", abn: "51824753556" },
        lines: [{ description: "Lead AE-1234567E: switchboard upgrade, Parramatta NSW", amount: "110.00" }],
        totals: { subtotal: "110.00", gst: "10.00", total: "110.00", gstWording: "Total price includes GST" },
      }),
    );
    const all = flat(text);
    expect(all).toContain("Total price includes GST");
    expect(all).toContain("Total $110.00");
    expect(all).toContain("GST included in the total $10.00");
    expect(all).not.toContain("Subtotal");
    expect(all).toContain("1 Mar 2026");
  });
});
