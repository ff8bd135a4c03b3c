// What customers type into the description and special requests, as shown before purchase
// (docs/decisions/035-customer-text-redaction.md): their contact details, address, surname
// and any code in it masked; the work itself left readable.
import type { Lead } from "../../../shared/schema";
import { firstNameOf, surnameSpellings } from "./customer-name";
import { EMAIL_HANDLE, MAIL_SERVICES, markSpokenNumbers, SPOKEN_EMAIL } from "./spoken";
import { showOnlySafeWords, type PublicWords } from "./market-text";
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
 * Every e-mail address, any street address, the customer's own address and street (from the
 * address and the service location), phone in any format, surname, phone-like digit runs and
 * codes are masked there. What the customer's own job page, the quote lines shown there and
 * reviews show; the market shows less (marketFreeText).
 */
export const scrubFreeText = (text: string, lead: CustomerFields): string => kept("scrub", text, lead, () => unmarked(scrub(text, lead)));

type MarketFields = CustomerFields & Pick<Lead, "suburb" | "state" | "postcode">;

/**
 * The free text as it shows before purchase (docs/decisions/090-safe-words-before-purchase.md):
 * scrubbed as above, then only safe words, quantities and what the listing shows anyway.
 */
export const marketFreeText = (text: string, lead: MarketFields): string =>
  kept("market", text, lead, () => unmarked(showOnlySafeWords(scrub(text, lead), publicWordsOf(lead), MARK)));

/** The first name, suburb, state and postcode: shown by the listing anyway, so never masked in its text. */
function publicWordsOf(lead: MarketFields): PublicWords {
  const shown = firstNameOf(lead.customerName);
  const words = [shown === CUSTOMER ? "" : shown, ...(lead.suburb ?? "").split(/[\s-]+/), lead.state ?? "", lead.postcode ?? ""];
  return new Set(words.filter((w) => w.length >= 2).map((w) => w.toLowerCase()));
}
const CUSTOMER = firstNameOf("");

/**
 * Both are pure functions of these strings, asked again for every page that shows the lead: the
 * last SCRUBBED_KEPT answers are kept (a few MB), so a busy market page is not a regex compile
 * per lead per request. A changed lead is a different key, never a stale answer.
 */
function kept(kind: string, text: string, lead: CustomerFields & Partial<MarketFields>, compute: () => string): string {
  const key = [
    kind,
    text,
    lead.customerName,
    lead.customerAddress ?? "",
    lead.serviceLocation,
    lead.customerEmail ?? "",
    lead.customerPhone,
    lead.suburb ?? "",
    lead.state ?? "",
    lead.postcode ?? "",
  ].join("\u0000");
  const answer = scrubbed.get(key);
  if (answer !== undefined) return answer;
  const out = compute();
  if (scrubbed.size >= SCRUBBED_KEPT) scrubbed.delete(scrubbed.keys().next().value!);
  scrubbed.set(key, out);
  return out;
}

const SCRUBBED_KEPT = 5000;
const scrubbed = new Map<string, string>();

/** Any e-mail address, masked whole and first: its parts would otherwise match other rules. */
const EMAIL = /[^\s@]+@[^\s@]+/g;
/** Phone-like digit runs of 8 digits and more, in any spacing. */
const PHONE_LIKE = /\+?\(?\d[\d \t\u00a0().\u2010-\u2015-]{6,}\d/g;

/** Between the letters of a surname as people also write it: "O Neil", "ONeil", "O.Neil", "Oneil_Smith". */
const NAME_JOIN = "[\\s'’._-]{0,2}";

const PUBLIC_MAIL = new RegExp(`^(?:${MAIL_SERVICES})$`, "i");

/**
 * The customer's e-mail address, its handle ("mary.oneilsmith") and the handle's pieces of 4
 * letters or more ("oneilsmith") and their own domain's name, typed anywhere; never the shown first name ("karen@...").
 */
function ownEmailPatterns(lead: CustomerFields): string[] {
  const email = lead.customerEmail?.trim() ?? "";
  if (email.length < 2) return [];
  const handle = email.split("@")[0]!;
  const shown = firstNameOf(lead.customerName).toLowerCase();
  const pieces = handle.split(/[._+-]+/).filter((p) => p.length >= 4 && p.toLowerCase() !== shown && !/^\d+$/.test(p));
  const handleShows = handle.length >= 3 && handle !== email && handle.toLowerCase() !== shown;
  // Their own domain names them too ("mitchellelectrical"); a mail service does not.
  const domain = email.split("@")[1]?.split(".")[0] ?? "";
  const ownDomain = domain.length >= 4 && !PUBLIC_MAIL.test(domain) ? [domain] : [];
  return [email, ...(handleShows ? [handle] : []), ...pieces, ...ownDomain].map(wordPattern);
}

function scrub(text: string, lead: CustomerFields): string {
  const contacts = [
    ...new Set([...ownAddressPatterns(normalised(lead.customerAddress ?? ""), true), ...ownAddressPatterns(normalised(lead.serviceLocation))]),
    ...ownEmailPatterns(lead),
    phonePattern(lead.customerPhone),
  ].filter((s): s is string => Boolean(s));
  const surname = surnameSpellings(lead.customerName).map((letters) => letters.map(wordPattern).join(NAME_JOIN));
  const secrets = [
    ...(contacts.length ? [alone(contacts.map((s) => `(?:${s})`).join("|"))] : []),
    ...(surname.length ? [lettersAlone(surname.join("|"))] : []),
  ];
  let out = normalised(text).replace(EMAIL, MARK).replace(SPOKEN_EMAIL, MARK).replace(EMAIL_HANDLE, MARK);
  // One regex for all of them (V8 keeps compiled regexes by source, so a lead seen again is
  // not compiled again); the address's patterns come first, the whole address before its
  // street, so the longest wins at the same position.
  if (secrets.length) out = out.replace(new RegExp(secrets.join("|"), "giu"), MARK);
  out = markSpokenNumbers(markStreetAddresses(out, MARK), MARK).replace(PHONE_LIKE, MARK);
  return markCodes(out);
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
