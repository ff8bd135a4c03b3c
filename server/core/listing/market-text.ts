// Deny by default (docs/decisions/090-safe-words-before-purchase.md): before purchase a lead's
// free text shows only words known to be safe (safe-words.ts), quantities with their unit or
// item ("6 LED downlights", "20 m", "32 A") and what the listing shows anyway (the first name,
// suburb, state and postcode). Every other word is masked, and masks side by side are one.
import { EVERYDAY_WORDS, QUANTITY_UNITS, TRADE_ACRONYMS, TRADE_BRANDS } from "../../../shared/trade-glossary";
import { isPlaceWord, isStreetAbbreviation, isTradeWord, NUMBER_WORDS, safetyOf } from "./safe-words";

/** What the listing shows of the customer anyway, lower case: their first name, suburb, state and postcode. */
export type PublicWords = ReadonlySet<string>;

interface Token {
  text: string;
  /** What stands between the previous token and this one. */
  gap: string;
  sentenceStart: boolean;
}

/** A word or number with what joins its pieces ("two-way", "3/42", "mary.smith", "$1,500", "9:30am"). */
const TOKEN = /[\p{L}\p{N}\p{M}$%#*\ue000]+(?:[’'.\-/:,@_+&][\p{L}\p{N}\p{M}$%#*\ue000]+)*/gu;
const SENTENCE_END = /[.!?:;\n•]/;
/** Between a number and its unit or item: spaces and a hyphen ("3-phase", "6 x"), not a comma or a line. */
const JOINS_A_QUANTITY = /^[ \t-]*$/;

function tokensOf(text: string): { tokens: Token[]; tail: string } {
  const tokens: Token[] = [];
  let at = 0;
  for (const m of text.matchAll(TOKEN)) {
    const gap = text.slice(at, m.index);
    tokens.push({ text: m[0], gap, sentenceStart: tokens.length === 0 || SENTENCE_END.test(gap) });
    at = m.index + m[0].length;
  }
  return { tokens, tail: text.slice(at) };
}

const isLower = (word: string) => word === word.toLowerCase();
const isCapitalised = (word: string) => /^\p{Lu}/u.test(word);

/**
 * Text in capitals or Title Case ("NEED NEW DOWNLIGHTS", "Need New Downlights"): a capital there
 * tells no name from a word, so the lists alone decide. Counted over the words that do not start
 * a sentence.
 */
function inCapitals(tokens: Token[]): boolean {
  const words = tokens.filter((t) => !t.sentenceStart && /^\p{L}{2,}$/u.test(t.text));
  return words.length >= 8 && words.filter((t) => isCapitalised(t.text)).length >= words.length * 0.75;
}

/** "don't" is "do", "it's" is "it", "we'll" is "we". */
function withoutContraction(word: string): string {
  const lowered = word.toLowerCase();
  if (/^(?:can|won|shan)['’]t$/.test(lowered)) return word.slice(0, -2);
  return word.replace(/n['’]t$/i, "").replace(/['’](?:s|re|ve|ll|d|m)$/i, "");
}

interface Context {
  publicWords: PublicWords;
  capitals: boolean;
}

/** One piece of a word, letters only, as typed. */
function isSafePiece(piece: string, firstOfSentence: boolean, ctx: Context): boolean {
  const lowered = piece.toLowerCase();
  if (ctx.publicWords.has(lowered) || piece === "I") return true;
  if (TRADE_BRANDS.has(lowered) || EVERYDAY_WORDS.has(lowered)) return true;
  if (TRADE_ACRONYMS.has(lowered) && piece === piece.toUpperCase() && piece.length >= 2) return true;
  const lower = isLower(piece);
  if (isPlaceWord(lowered) && !lower && !ctx.capitals) return false;
  const safety = safetyOf(lowered);
  if (safety === "never") return false;
  if (safety === "lower") return lower;
  // A capitalised word is a name unless it starts a sentence ("Kitchen lights flicker") or the text is all capitals.
  return lower || ctx.capitals || (firstOfSentence && isLower(piece.slice(1)));
}

function isSafeWord(token: Token, ctx: Context): boolean {
  const pieces = withoutContraction(token.text)
    .split(/[’'.\-/:,@_+&]+/)
    .filter(Boolean);
  return pieces.length > 0 && pieces.every((piece, i) => /^[\p{L}\p{M}]+$/u.test(piece) && isSafePiece(piece, token.sentenceStart && i === 0, ctx));
}

/** A quantity whole in itself: "$1,500", "50%", "1960s", "2nd", "9am", "2-4pm", "20m", "32A", "10mm2", "x6", "600x600". */
const WHOLE_QUANTITY = [
  /^\$\d{1,3}(?:,?\d{3})*(?:\.\d{2})?k?$/i,
  /^\d{1,3}(?:\.\d+)?%$/,
  /^(?:19|20)?\d0s$/,
  /^\d{1,2}(?:st|nd|rd|th)$/i,
  /^\d{1,2}(?:[:.]\d{2})?(?:am|pm)?-\d{1,2}(?:[:.]\d{2})?(?:am|pm)$/i,
  /^\d{1,2}(?:[:.]\d{2})?(?:am|pm)$/i,
  /^x\d{1,3}$/i,
  /^\d{1,4}x\d{1,4}(?:mm|cm|m)?$/i,
];
const NUMBER_WITH_UNIT = /^\d{1,4}(?:\.\d+)?-?([a-z]+\d?)$/i;
/** A number that needs its unit or item after it: "6", "2.5", "2-3", "1/2", "2400". */
const BARE_NUMBER = /^\d{1,4}(?:\.\d+)?(?:[-–/]\d{1,3}(?:\.\d+)?)?$/;
/** Units written as symbols, whatever their case: "32 A", "240 V", "5 kW". */
const SYMBOL_UNITS = new Set(["a", "v", "w", "kw", "kwh", "kva", "ma", "mm", "mm2", "m", "m2", "cm", "km", "x", "h", "hp", "l", "k", "am", "pm"]);

function isUnit(token: Token | undefined, ctx: Context): boolean {
  if (!token || !JOINS_A_QUANTITY.test(token.gap)) return false;
  const lowered = token.text.toLowerCase();
  if (!QUANTITY_UNITS.has(lowered)) return false;
  return SYMBOL_UNITS.has(lowered) || isLower(token.text) || ctx.capitals;
}

/**
 * A bare number shows when its unit follows ("20 m", "3 phase", "6 x"), or when an item of the
 * trade follows within three safe words ("6 LED downlights", "2 new power points"); never before
 * a street type ("14 church st"), and a postcode only when it is the lead's.
 */
function isQuantity(tokens: Token[], at: number, ctx: Context): boolean {
  const token = tokens[at]!;
  // "cat6", "IP65", "mm2": glossary words with a digit.
  if (isTradeWord(token.text.toLowerCase()) || WHOLE_QUANTITY.some((shape) => shape.test(token.text))) return true;
  const withUnit = NUMBER_WITH_UNIT.exec(token.text);
  // "32A" is amps; "42a" is a house number.
  if (withUnit) return QUANTITY_UNITS.has(withUnit[1]!.toLowerCase()) && withUnit[1] !== "a";
  if (!BARE_NUMBER.test(token.text)) return false;
  if (ctx.publicWords.has(token.text)) return true;
  const after = tokens.slice(at + 1, at + 4);
  if (after.some((t) => isStreetAbbreviation(t.text.toLowerCase().replace(/\.$/, "")))) return false;
  if (isUnit(after[0], ctx)) return true;
  const before = tokens[at - 1];
  if (before && /^[x×]$/i.test(before.text) && JOINS_A_QUANTITY.test(token.gap)) return true;
  if (token.text.replace(/\D/g, "").length > 3) return false;
  for (const next of after) {
    if (!JOINS_A_QUANTITY.test(next.gap) || !isSafeWord(next, ctx)) return false;
    // An item of the trade: "downlights", "LED", "GPOs".
    if (isTradeWord(next.text.toLowerCase())) return true;
  }
  return false;
}

/** Number words and digits side by side: two number words or more are a number said aloud ("four eight two one"), masked. */
function markSpokenRuns(tokens: Token[], shown: boolean[]): void {
  const isNumberPiece = (t: Token) => /^\d+$/.test(t.text) || t.text.split("-").every((p) => NUMBER_WORDS.has(p.toLowerCase()));
  const wordsIn = (t: Token) => (/^\d+$/.test(t.text) ? 0 : t.text.split("-").length);
  for (let i = 0; i < tokens.length;) {
    let end = i;
    let words = 0;
    while (end < tokens.length && isNumberPiece(tokens[end]!) && (end === i || /^[\s,./-]*$/.test(tokens[end]!.gap))) words += wordsIn(tokens[end++]!);
    const said = tokens
      .slice(i, end)
      .map((t) => t.text.toLowerCase())
      .join(" ");
    // "triple zero" is the emergency number, not a code.
    if (words >= 2 && said !== "triple zero") for (let k = i; k < end; k++) shown[k] = false;
    i = Math.max(end, i + 1);
  }
}

/** Masks side by side, with only spaces or joining punctuation between them, are one. */
const MASKS_SIDE_BY_SIDE = (mark: string) => new RegExp(`${mark}(?:[\\s,;/&+@()\\-–—'"’]*${mark})+`, "g");

/** `text` (already scrubbed by pattern, its masks written as `mark`) with every word not known to be safe masked. */
export function showOnlySafeWords(text: string, publicWords: PublicWords, mark: string): string {
  const { tokens, tail } = tokensOf(text);
  const ctx: Context = { publicWords, capitals: inCapitals(tokens) };
  const shown = tokens.map((token, i) => !token.text.includes(mark) && (/\d/.test(token.text) ? isQuantity(tokens, i, ctx) : isSafeWord(token, ctx)));
  // A quantity's unit shows with it: "25 m", "7 kW", "32 A".
  tokens.forEach((token, i) => {
    if (i > 0 && shown[i - 1] && /\d/.test(tokens[i - 1]!.text) && isUnit(token, ctx)) shown[i] = true;
  });
  markSpokenRuns(tokens, shown);
  const out = tokens.map((token, i) => token.gap + (shown[i] ? token.text : mark)).join("") + tail;
  return out.replace(MASKS_SIDE_BY_SIDE(mark), mark);
}
