// The name the customer's copy of a certificate is saved under (docs/decisions/105-paperwork-on-the-card.md):
// the one the server gives in Content-Disposition (its serial, "CTC-245871C-0001.pdf"), read
// as RFC 6266 writes it (filename*, then filename), kept to a plain file name; else the fallback.
// Pure, so it is tested without a browser.

export const CERTIFICATE_CODE_MESSAGE = "Enter the 6-digit code from the SMS";

/** The six digits the customer typed (spaces and dashes from a pasted SMS aside), or null. */
export function certificateCode(typed: string): string | null {
  const digits = typed.replace(/\D/g, "");
  return digits.length === 6 ? digits : null;
}

/** filename*=charset'language'value: the percent-encoded value in UTF-8 or Latin-1, else null. */
function extendedValue(raw: string): string | null {
  const parts = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(raw.trim());
  if (!parts) return null;
  const [, charset = "", value = ""] = parts;
  if (/^utf-8$/i.test(charset)) {
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  if (/^iso-8859-1$/i.test(charset)) return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return null;
}

/** The last part of a path, without control characters: a header never chooses a folder. */
function plainName(name: string | null): string | null {
  if (name === null) return null;
  const last = name.split(/[/\\]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean && clean !== "." && clean !== ".." ? clean.slice(0, 200) : null;
}

/** The file name Content-Disposition gives, or `fallback` when it gives none that can be used. */
export function fileNameFromDisposition(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^;]+)/i.exec(disposition);
  const fromExtended = plainName(extended?.[1] ? extendedValue(extended[1]) : null);
  if (fromExtended) return fromExtended;
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(disposition);
  const quoted = plain?.[1];
  const name = quoted !== undefined ? quoted.replace(/\\(.)/g, "$1") : (plain?.[2] ?? null);
  return plainName(name) ?? fallback;
}
