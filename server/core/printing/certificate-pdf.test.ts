import { getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { CircuitResults } from "../../../shared/test-records";
import { flat, pdfText } from "../../test/pdf-text";
import { notTheCertificateText, QLD_CERTIFICATION_STATEMENT, type PrintableCertificate } from "./certificate";
import { renderCertificatePdf } from "./certificate-pdf";

// What electricians and customers type: an apostrophe and an en dash, a diaeresis, straight quotes and a macron.
const circuit = (name: string, i: number): CircuitResults => ({
  name,
  device: { curve: "C", ratingA: 20 },
  earthOhms: 0.21 + i / 100,
  insulationMegohms: 310 + i,
  polarityCorrect: true,
  connectionsCorrect: true,
  faultLoopOhms: 0.61 + i / 100,
  faultLoopByConductor: false,
});

function qld(): PrintableCertificate {
  return {
    kind: "qld_certificate",
    serial: "CTC-71234-0007",
    state: "QLD",
    issuedAt: new Date("2026-11-25T23:10:00Z"), // 26 Nov 2026 in Brisbane
    testedAt: new Date("2026-11-24T15:30:00Z"), // 1:30 am Wednesday 25 Nov 2026 in Brisbane, still the 24th in UTC
    customer: { name: "Seán O'Brien–Smith", address: "7 Zoë Street, Paddington QLD 4064" },
    workDescription: 'Replaced the kitchen power circuit and added a "Ngā Tapuwae" outdoor GPO on the deck; new RCBO in the main switchboard.',
    contractor: { name: "Brisbane Sparks Pty Ltd", licence: "QEC-81234", abn: "51824753556", phone: "07 3123 4567" },
    electrician: { name: "Zoë Ngata", licence: "QE-55501" },
    results: {
      installation: { mainEarthOhms: 0.12 },
      circuits: [
        circuit("Kitchen power", 0),
        { ...circuit('Deck GPO "Ngā"', 1), device: { curve: "B", ratingA: 16 }, faultLoopOhms: null, faultLoopByConductor: true },
      ],
      rcds: [{ protects: ["Kitchen power", 'Deck GPO "Ngā"'], ratedMa: 30, tripMs: 23.5, tripMsFiveTimes: 11.2 }],
    },
  };
}

describe("the certificate renderer", () => {
  it("when a Queensland certificate is rendered, then its text holds every field Queensland requires and every reading", async () => {
    const pdf = await renderCertificatePdf(qld());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("/MediaBox [0 0 595.28 841.89]"); // A4 in points
    const { text, pages } = await pdfText(pdf);
    const all = flat(text);
    for (const field of [
      "Certificate of testing and compliance",
      "CTC-71234-0007",
      "Electrical Safety Regulation 2013 (Qld)",
      "Seán O'Brien–Smith",
      "7 Zoë Street, Paddington QLD 4064",
      'Replaced the kitchen power circuit and added a "Ngā Tapuwae" outdoor GPO on the deck; new RCBO in the main switchboard.',
      'Circuits tested: Kitchen power; Deck GPO "Ngā"',
      "Wednesday 25 November 2026",
      "26 Nov 2026",
      "Electrical contractor licence no. QEC-81234",
      "Brisbane Sparks Pty Ltd",
      "ABN 51 824 753 556",
      "07 3123 4567",
      "Zoë Ngata",
      "Electrical licence no. QE-55501",
      // Each reading, with its limit where the limit is the circuit's or the RCD's own.
      "Main earthing conductor continuity 0.12 Ω at most 0.5 Ω",
      "Kitchen power C20 0.21 310 ✓ Correct ✓ Correct 0.61 (max 1.15)",
      'Deck GPO "Ngā" B16 0.22 311 ✓ Correct ✓ Correct verified by conductor',
      "30 mA 23.5 (max 300) 11.2 (max 40)",
      "Kitchen power; Deck GPO",
      "Keep this certificate: the contractor keeps a copy for 5 years.",
      `Page ${pages} of ${pages}`,
    ]) {
      expect(all, field).toContain(field);
    }
    expect(all).toContain(flat(QLD_CERTIFICATION_STATEMENT));
    // The tests were done on Brisbane's 25th: the UTC day must not leak onto the certificate.
    expect(all).not.toContain("24 November 2026");
    expect(all).not.toContain("This is a record of the tests done");
    // The file's own properties: what a viewer shows as its title and author, and when it was made.
    const { info } = await (await getDocumentProxy(new Uint8Array(pdf))).getMetadata();
    expect(info).toMatchObject({ Title: "Certificate of testing and compliance CTC-71234-0007", Author: "Brisbane Sparks Pty Ltd" });
    expect(info).toHaveProperty("CreationDate", expect.stringMatching(/^D:20261125231000/));
  });

  it("when a value is missing, then it prints as a dash", async () => {
    const c = qld();
    c.results.installation.mainEarthOhms = null;
    c.results.circuits = [{ ...circuit("Lights", 0), device: null, insulationMegohms: null, polarityCorrect: null, faultLoopOhms: null }];
    c.results.rcds = [{ protects: ["Lights"], ratedMa: null, tripMs: null, tripMsFiveTimes: null }];
    const all = flat((await pdfText(await renderCertificatePdf(c))).text);
    expect(all).toContain("Main earthing conductor continuity — at most 0.5 Ω");
    expect(all).toContain("Lights — 0.21 — — ✓ Correct —");
    expect(all).toContain("1 Lights — — —");
  });

  it("when a certificate has 40 circuits with long names, then it runs over pages with the table's header on each and every circuit printed", async () => {
    const c = qld();
    const long = (i: number) => `Circuit ${i + 1}: ${i % 4 === 0 ? "granny flat's kitchen–laundry power along the back fence to the shed" : "lights"}`;
    c.results.circuits = Array.from({ length: 40 }, (_, i) => circuit(long(i), i));
    const { text, pages } = await pdfText(await renderCertificatePdf(c));
    expect(pages).toBeGreaterThan(1);
    const squash = (value: string) => value.replace(/\s+/g, "");
    for (let i = 0; i < 40; i++) expect(squash(text), long(i)).toContain(squash(long(i)));
    const pageTexts = text.split("\n\n");
    expect(pageTexts).toHaveLength(pages);
    for (const page of pageTexts.slice(1)) {
      expect(flat(page)).toContain("Certificate of testing and compliance CTC-71234-0007 (continued)");
      if (/Circuit \d+:/.test(page)) expect(flat(page)).toContain("Circuit Device Earth continuity (Ω)");
    }
  });

  it("when a test report is rendered, then it says near the top it is not the state's certificate, and has no serial", async () => {
    const c: PrintableCertificate = {
      ...qld(),
      kind: "test_report",
      serial: null,
      state: "NSW",
      stateCertificateName: "Certificate of Compliance for Electrical Work (CCEW)",
    };
    const { text } = await pdfText(await renderCertificatePdf(c));
    const all = flat(text);
    const warning =
      "This is a record of the tests done. It is not a Certificate of Compliance for Electrical Work (CCEW) and does not replace the certificate NSW requires.";
    expect(notTheCertificateText(c.stateCertificateName!, "NSW")).toBe(warning);
    expect(all).toContain("Electrical test report");
    expect(all.indexOf(warning)).toBeGreaterThan(-1);
    expect(all.indexOf(warning)).toBeLessThan(all.indexOf("Work performed for".toUpperCase()));
    expect(all).not.toContain("CTC-");
    expect(all).not.toContain("Certificate no.");
    expect(all).not.toContain("Certificate of testing and compliance");
    expect(all).not.toContain(flat(QLD_CERTIFICATION_STATEMENT));
  });

  it("when the state's certificate is not named, then the report says it is not a certificate of compliance", () => {
    expect(notTheCertificateText(null, "SA")).toBe("This is a record of the tests done. It is not a certificate of compliance.");
    expect(notTheCertificateText("Electrical Safety Certificate", "WA")).toContain("It is not an Electrical Safety Certificate");
  });
});
