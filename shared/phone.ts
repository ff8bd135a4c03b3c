// Australian phone numbers, normalised to the digits a person would dial from within
// Australia (docs/decisions/006-australian-phone-numbers.md). Shared so the wizard and the server
// accept and reject exactly the same input. No Zod here (the landing pages link the site's
// phone with telHref); the Zod field is in phone-field.ts.

export type PhoneCheck = { ok: true; digits: string; kind: "mobile" | "landline" | "national" } | { ok: false; reason: "too_short" | "implausible" };

/** Separators people type between digit groups. Anything else (letters, "#") is implausible. */
const SEPARATORS = /[\s().\-/]/g;

const PATTERNS: ReadonlyArray<[RegExp, "mobile" | "landline" | "national"]> = [
  [/^04\d{8}$/, "mobile"], // 04xx xxx xxx
  [/^05\d{8}$/, "mobile"], // 05 range, issued to mobiles and VoIP
  [/^0[2378]\d{8}$/, "landline"], // (02) 9xxx xxxx, 03, 07, 08 areas
  [/^1[38]00\d{6}$/, "national"], // 1300 xxx xxx, 1800 xxx xxx
];

/**
 * "0412 345 678", "+61 412 345 678", "61412345678", "+61 (0)2 9876 5432", "(02) 9876 5432",
 * "1300 123 456" all become 10 digits starting 0 or 1. Fewer than 10 digits is too short
 * (docs/product.md section 5's minimum); other shapes (foreign numbers, 11 digits, 09 or 01
 * prefixes, letters) are implausible.
 */
export function checkAustralianPhone(input: string): PhoneCheck {
  const compact = input.trim().replace(SEPARATORS, "");
  if (!/^\+?\d*$/.test(compact)) return { ok: false, reason: "implausible" };
  let digits = compact.replace(/^\+/, "");
  if (digits.length < 10) return { ok: false, reason: "too_short" };
  // International form: 61 then the number without its leading 0 (some people keep it: "+61 (0)4").
  if (digits.startsWith("61") && (digits.length === 11 || (digits.length === 12 && digits[2] === "0"))) {
    digits = "0" + digits.slice(digits.length === 12 ? 3 : 2);
  } else if (compact.startsWith("+")) {
    return { ok: false, reason: "implausible" };
  }
  for (const [pattern, kind] of PATTERNS) {
    if (pattern.test(digits)) return { ok: true, digits, kind };
  }
  return { ok: false, reason: "implausible" };
}

/** "0412345678" -> "0412 345 678", "0298765432" -> "(02) 9876 5432", "1300123456" -> "1300 123 456". */
export function formatAustralianPhone(digits: string): string {
  if (/^04\d{8}$|^05\d{8}$/.test(digits)) return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  if (/^0[2378]\d{8}$/.test(digits)) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)} ${digits.slice(6)}`;
  if (/^1[38]00\d{6}$/.test(digits)) return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  return digits;
}

export const PHONE_IMPLAUSIBLE_MESSAGE = "Enter an Australian phone number, e.g. 0412 345 678 or (02) 9876 5432";

/** "tel:" link from a displayed number such as "1300 000 000" (the client's links, the server's prerendered pages). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
