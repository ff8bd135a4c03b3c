// What a file is, from its first bytes, never from its name or the type the browser sent: a
// PDF renamed .jpg is a PDF (docs/decisions/050-photos.md).

/** The kinds accepted: JPEG, PNG, WebP and HEIF (HEIC from iPhones). */
export type SentKind = "jpeg" | "png" | "webp" | "heif";

/** HEIF's ftyp brands for HEVC stills and sequences, and the generic ones (mif1, msf1). */
const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (bytes: Buffer, from: number, to: number) => bytes.toString("latin1", from, to);

export function sniffImage(bytes: Buffer): SentKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return "heif";
  return null;
}
