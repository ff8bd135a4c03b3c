// What customers type into the description and special requests, as shown before purchase
// (docs/decisions/035-customer-text-redaction.md): their contact details, address, surname
// and any code in it masked; the work itself left readable.
import type { Lead } from "../../../shared/schema";
import { hiddenNamePieces } from "./customer-name";
import { markStreetAddresses, ownAddressPatterns, wordPattern } from "./street-address";

export const HIDDEN = "[shown after purchase]";
/**
 * Stands for HIDDEN while the text is scrubbed, so a later rule never matches inside an
 * earlier mask ("john.[shown after [shown after purchase]"). A private-use character the
 * customer's own text is stripped of.
 */
const MARK = "\ue000";
const MARKS = /\ue000/g;

/** Any Unicode decimal digit (full-width １, Arabic-Indic ٤, ...) as its ASCII digit. */
const OTHER_DIGIT = /(?![0-9])\p{Nd}/gu;
const digitValues = new Map<string, string>();
function asciiDigit(digit: string): string {
  let value = digitValues.get(digit);
  if (value === undefined) {
    // Unicode lays each script's digits out as runs of ten from zero.
    const code = digit.codePointAt(0)!;
    let zero = code;
    while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
    value = String((code - zero) % 10);
    digitValues.set(digit, value);
  }
  return value;
}
/** Invisible characters between digits hide a number from every rule: "1\u200b234". */
const INVISIBLE_IN_NUMBER = /(?<=\d)[\u00ad\u200b-\u200d\u2060\ufeff]+(?=\d)/g;
const normalised = (text: string) => text.replace(MARKS, "").replace(OTHER_DIGIT, asciiDigit).replace(INVISIBLE_IN_NUMBER, "");

const unmarked = (text: string) => text.replace(MARKS, HIDDEN);

/**
 * Letters and digits, near enough: every character from Latin-1 up that is not punctuation,
 * a space or an invisible character. The per-lead regex uses it instead of \p{L}\p{N}:
 * Unicode property classes under the i and u flags cost about 1 ms each to compile, once
 * per lead the market shows. Outside it (so a word boundary): ASCII punctuation and spaces,
 * general punctuation (dashes, quotes, zero-width characters), CJK punctuation, the
 * private-use mask.
 */
const LETTER_OR_DIGIT =
  "0-9A-Za-z\\u00aa\\u00b2\\u00b3\\u00b5\\u00b9\\u00ba\\u00bc-\\u00be\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u1fff\\u2070-\\u209f\\u2c00-\\u2fff\\u3040-\\ud7ff\\uf900-\\ufdff\\ufe70-\\ufefe\\uff10-\\uff19\\uff21-\\uff3a\\uff41-\\uff5a\\uff66-\\uffdc";
/** Not inside a longer word or number: "Mitchell" but not "Mitchells", "14" but not "214". */
const alone = (source: string) => `(?<![${LETTER_OR_DIGIT}])(?:${source})(?![${LETTER_OR_DIGIT}])`;
/** A name piece between any two non-letters: "Zebedee" in "Johnathan_Zebedee" or "John3Zebedee". */
const lettersAlone = (source: string) => `(?<![${LETTER_OR_DIGIT.slice(3)}])(?:${source})(?![${LETTER_OR_DIGIT.slice(3)}])`;

const PHONE_SEPARATOR = "[\\s().+/\\u2010-\\u2015-]";

/** The customer's own number in any spacing or punctuation, national or +61 form. */
function phonePattern(phone: string): string | null {
  const digits = normalised(phone).replace(/\D/g, "");
  if (digits.length < 8) return null;
  const national = digits.replace(/^61/, "0").replace(/^0/, "");
  // Plain separator classes: Unicode property classes cost about 1 ms each to compile.
  const spaced = (d: string) => d.split("").join(`${PHONE_SEPARATOR}{0,3}`);
  return `(?:(?:\\+?61|0)${PHONE_SEPARATOR}{0,4})?${spaced(national)}`;
}

type CustomerFields = Pick<Lead, "customerName" | "customerAddress" | "customerEmail" | "customerPhone" | "serviceLocation">;

/**
 * Customers type contact details into free text ("call me on 0412 345 678, 42 Wallaby Way").
 * Before purchase every e-mail address, any street address, the customer's own address
 * and street (from the address and the service location), phone in any format, surname,
 * phone-like digit runs and codes are masked there.
 */
export function scrubFreeText(text: string, lead: CustomerFields): string {
  // A pure function of these strings, asked again for every page that shows the lead: the
  // last SCRUBBED_KEPT answers are kept (a few MB), so a busy market page is not a regex
  // compile per lead per request. A changed lead is a different key, never a stale answer.
  const key = [text, lead.customerName, lead.customerAddress ?? "", lead.serviceLocation, lead.customerEmail ?? "", lead.customerPhone].join("\u0000");
  const kept = scrubbed.get(key);
  if (kept !== undefined) return kept;
  const out = scrub(text, lead);
  if (scrubbed.size >= SCRUBBED_KEPT) scrubbed.delete(scrubbed.keys().next().value!);
  scrubbed.set(key, out);
  return out;
}

const SCRUBBED_KEPT = 5000;
const scrubbed = new Map<string, string>();

/** Digits as people spell a number out ("oh four one two"), longest first; teens and tens count as two digits. */
const DIGIT_WORDS = "nought|three|seven|eight|zero|four|five|nine|one|two|six|nil|oh|o";
const TWO_DIGIT_WORDS =
  "seventeen|thirteen|fourteen|eighteen|nineteen|fifteen|sixteen|seventy|eleven|twelve|twenty|thirty|fourty|ninety|eighty|forty|fifty|sixty|ten";
const SPOKEN_PIECE = `(?:(?:double|triple)[ \\t-]*)?(?:${TWO_DIGIT_WORDS}|${DIGIT_WORDS})|\\d+`;
/** A run of spelt and written digits, split by spaces or punctuation: "zero four one two, 345 678". */
const SPOKEN_RUN = new RegExp(`(?<![\\p{L}\\p{N}])(?:${SPOKEN_PIECE})(?:[\\s,.()/-]+(?:${SPOKEN_PIECE}))+(?![\\p{L}\\p{N}])`, "giu");
const SPOKEN_PIECES = new RegExp(SPOKEN_PIECE, "giu");
const TWO_DIGIT_WORD = new RegExp(`(?:${TWO_DIGIT_WORDS})$`, "i");

/** How many digits a piece stands for: "double four" 2, "triple zero" 3, "twelve" 2, "345" 3. */
function digitsSaid(piece: string): number {
  const times = /^double/i.test(piece) ? 2 : /^triple/i.test(piece) ? 3 : 1;
  const said = piece.replace(/^(?:double|triple)[ \t-]*/i, "");
  if (/^\d+$/.test(said)) return said.length * times;
  return (TWO_DIGIT_WORD.test(said) ? 2 : 1) * times;
}

/**
 * A phone number spelt out, whole or in part ("oh four one two three four five six seven
 * eight", "0412 three four five 678"): a run with at least one spelt digit that says 8 digits
 * or more. Runs of written digits alone are PHONE_LIKE's.
 */
function markSpokenNumbers(text: string): string {
  return text.replace(SPOKEN_RUN, (run: string) => {
    const pieces = run.match(SPOKEN_PIECES) ?? [];
    if (pieces.every((p) => /^\d+$/.test(p))) return run;
    return pieces.reduce((sum, p) => sum + digitsSaid(p), 0) >= 8 ? MARK : run;
  });
}

/** Any e-mail address, masked whole and first: its parts would otherwise match other rules. */
const EMAIL = /[^\s@]+@[^\s@]+/g;
/**
 * An e-mail address said the way people type one past a filter: "karen at bigpond dot com",
 * "k.mitchell (at) gmail (dot) com", "karen @ bigpond.com". It must end in a known domain ending;
 * a written dot counts only without spaces around it, so "arrived at 9. Com..." stays.
 */
const SPOKEN_DOT = "(?:\\.|\\s*[(\\[]\\s*dot\\s*[)\\]]\\s*|\\s+dot\\s+)";
const SPOKEN_AT = "(?:\\s*@\\s*|\\s*[(\\[]\\s*at\\s*[)\\]]\\s*|\\s+at\\s+)";
const EMAIL_WORD = "[\\p{L}\\p{N}_%+-]+";
const SPOKEN_EMAIL = new RegExp(
  `(?<![\\p{L}\\p{N}_%+.-])${EMAIL_WORD}(?:${SPOKEN_DOT}${EMAIL_WORD})*${SPOKEN_AT}${EMAIL_WORD}(?:${SPOKEN_DOT}${EMAIL_WORD})*${SPOKEN_DOT}(?:com|net|org|edu|gov|au|io|info|biz|nz|uk)(?![\\p{L}\\p{N}])`,
  "giu",
);
/** Phone-like digit runs of 8 digits and more, in any spacing. */
const PHONE_LIKE = /\+?\(?\d[\d \t\u00a0().\u2010-\u2015-]{6,}\d/g;

function scrub(text: string, lead: CustomerFields): string {
  const contacts = [
    ...new Set([...ownAddressPatterns(normalised(lead.customerAddress ?? ""), true), ...ownAddressPatterns(normalised(lead.serviceLocation))]),
    lead.customerEmail && lead.customerEmail.trim().length >= 2 ? wordPattern(lead.customerEmail.trim()) : null,
    phonePattern(lead.customerPhone),
  ].filter((s): s is string => Boolean(s));
  const surname = hiddenNamePieces(lead.customerName).map(wordPattern);
  const secrets = [
    ...(contacts.length ? [alone(contacts.map((s) => `(?:${s})`).join("|"))] : []),
    ...(surname.length ? [lettersAlone(surname.join("|"))] : []),
  ];
  let out = normalised(text).replace(EMAIL, MARK).replace(SPOKEN_EMAIL, MARK);
  // One regex for all of them (V8 keeps compiled regexes by source, so a lead seen again is
  // not compiled again); the address's patterns come first, the whole address before its
  // street, so the longest wins at the same position.
  if (secrets.length) out = out.replace(new RegExp(secrets.join("|"), "giu"), MARK);
  out = markSpokenNumbers(markStreetAddresses(out, MARK)).replace(PHONE_LIKE, MARK);
  return unmarked(markCodes(out));
}

/**
 * Words that announce a code ("gate code 1234", "PIN: 4321", "lockbox 0815", "key under
 * mat 1234"). A number of 3 digits or more, up to three words after one of them, is masked.
 */
const CODE_WORDS =
  "codes?|pin|pins|passcode|password|combo|combination|lock\\s*box|key\\s*safe|keysafe|keypad|alarm|gate|access|door|garage|keys?|lock|padlock|entry|security|intercom|buzzer";
/** Words that name a code when they follow it ("4821 is the gate code"): the code's own nouns only. */
const CODE_NOUNS = "codes?|pin|passcode|password|combo|combination|lock\\s*box|key\\s*safe|keysafe|keypad";
/** A code: digits, possibly split by single spaces ("55 66") or dashes, with keypad keys. */
const CODE = "[#*]?\\d(?:[\\d#*-]|[ \\t](?=\\d))*\\d[#*]?";
const AFTER_CODE_WORD = new RegExp(`(\\b(?:${CODE_WORDS})\\b(?:[^\\p{L}\\p{N}\\n]+[\\p{L}]+){0,3}[^\\p{L}\\p{N}\\n]*?)(${CODE})(?![\\p{L}\\p{N}])`, "giu");
const BEFORE_CODE_NOUN = new RegExp(
  `(?<![$\\p{L}\\p{N}])(${CODE})(?![\\p{L}\\p{N}])((?:[^\\p{L}\\p{N}\\n]+\\p{L}+){0,3}?[^\\p{L}\\p{N}\\n]+(?:${CODE_NOUNS})(?![\\p{L}]))`,
  "giu",
);
/** Keypad codes typed with their keys ("1234#", "*4321") and any run of 5 or more digits. */
const KEYPAD_OR_LONG = /(?<![$\p{L}\p{N}])(?:[#*]\d{2,}[#*]?|\d{2,}[#*]|\d{5,})(?![\p{L}\p{N}])/gu;

const digitCount = (code: string) => code.replace(/\D/g, "").length;

function markCodes(text: string): string {
  return text
    .replace(AFTER_CODE_WORD, (whole: string, before: string, code: string) => (digitCount(code) >= 3 ? `${before}${MARK}` : whole))
    .replace(BEFORE_CODE_NOUN, (whole: string, code: string, after: string) => (digitCount(code) >= 3 ? `${MARK}${after}` : whole))
    .replace(KEYPAD_OR_LONG, MARK);
}

/**
 * Digit runs that look like codes or private numbers (docs/decisions/034-real-customers.md,
 * 035): after a code word or before a code noun (3 digits or more, in any script, split by
 * spaces or not), with keypad keys, or 5 digits and more. Short numbers people use to
 * describe the work ("3 phase", "20 amp", "gate 2", "1960s"), 4-digit postcodes and dollar
 * amounts stay.
 */
export function maskCodes(text: string): string {
  return unmarked(markCodes(normalised(text)));
}
