// The customer's certificate file name and code (docs/decisions/105-paperwork-on-the-card.md):
// Content-Disposition read as the server writes it (Express's res.attachment), and as any
// other server might, never choosing a folder; the code as typed or pasted.
import { describe, expect, it } from "vitest";
import { certificateCode, fileNameFromDisposition } from "./certificate-file";

const FALLBACK = "qld_certificate.pdf";

describe("the certificate's file name from Content-Disposition", () => {
  it("when the server names the file by its serial, then that is the name", () => {
    expect(fileNameFromDisposition('attachment; filename="CTC-245871C-0001.pdf"', FALLBACK)).toBe("CTC-245871C-0001.pdf");
  });

  it("when the name has letters outside ASCII, then filename* is read over the plain one", () => {
    expect(fileNameFromDisposition("attachment; filename=\"Zo?.pdf\"; filename*=UTF-8''Zo%C3%AB%20Ngata.pdf", FALLBACK)).toBe("Zoë Ngata.pdf");
    expect(fileNameFromDisposition("attachment; filename*=iso-8859-1'en'Zo%EB.pdf", FALLBACK)).toBe("Zoë.pdf");
  });

  it("when filename* cannot be decoded, then the plain name is used", () => {
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''bad%E0%A4.pdf; filename=\"plain.pdf\"", FALLBACK)).toBe("plain.pdf");
    expect(fileNameFromDisposition("attachment; filename*=KOI8-R''x.pdf; filename=plain.pdf", FALLBACK)).toBe("plain.pdf");
  });

  it("when the name is a bare token, quoted with escapes, or the words are in capitals, then each is read", () => {
    expect(fileNameFromDisposition("attachment; filename=report.pdf", FALLBACK)).toBe("report.pdf");
    expect(fileNameFromDisposition('attachment; filename="The \\"final\\" copy.pdf"', FALLBACK)).toBe('The "final" copy.pdf');
    expect(fileNameFromDisposition('ATTACHMENT; FILENAME="x.pdf"', FALLBACK)).toBe("x.pdf");
    expect(fileNameFromDisposition('attachment; filename="a;b.pdf"', FALLBACK)).toBe("a;b.pdf");
  });

  it("when the name carries a path or control characters, then only a plain file name is kept", () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', FALLBACK)).toBe("passwd");
    expect(fileNameFromDisposition('attachment; filename="C:\\\\Users\\\\x.pdf"', FALLBACK)).toBe("x.pdf");
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''a%0Ab.pdf", FALLBACK)).toBe("ab.pdf");
    expect(fileNameFromDisposition('attachment; filename=".."', FALLBACK)).toBe(FALLBACK);
  });

  it("when there is no header or no name in it, then the fallback is the name", () => {
    expect(fileNameFromDisposition(null, FALLBACK)).toBe(FALLBACK);
    expect(fileNameFromDisposition("attachment", FALLBACK)).toBe(FALLBACK);
    expect(fileNameFromDisposition('attachment; filename=""', FALLBACK)).toBe(FALLBACK);
  });
});

describe("the code the customer types", () => {
  it("when it has six digits, spaces or a dash aside, then those digits are sent; otherwise nothing is", () => {
    expect(certificateCode("123456")).toBe("123456");
    expect(certificateCode(" 123 456 ")).toBe("123456");
    expect(certificateCode("123-456")).toBe("123456");
    expect(certificateCode("12345")).toBeNull();
    expect(certificateCode("1234567")).toBeNull();
    expect(certificateCode("")).toBeNull();
  });
});
