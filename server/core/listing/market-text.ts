// Deny by default (docs/decisions/090-safe-words-before-purchase.md): before purchase a lead's
// free text shows only words known to be safe (safe-words.ts), quantities with their unit or
// item ("6 LED downlights", "20 m", "32 A") and what the listing shows anyway (the first name,
// suburb, state and postcode). Every other word is masked, and masks side by side are one.
import { EVERYDAY_WORDS, QUANTITY_UNITS, TRADE_ACRONYMS, TRADE_BRANDS } from "../../../shared/trade-glossary";
import { isFunctionWord, isGivenName, isPlaceName, isPlaceWord, isStreetAbbreviation, isTradeWord, NUMBER_WORDS, safetyOf } from "./safe-words";

/** What the listing shows of the customer anyway, lower case: their first name, suburb, state and postcode. */
export type PublicWords = ReadonlySet<string>;

interface Token {
  text: string;
  /** What stands between the previous token and this one. */
  gap: string;
  sentenceStart: boolean;
  /** Its sentence is in capitals or Title Case (inCapitals). */
  capitals: boolean;
}

/** A word or number with what joins its pieces ("two-way", "3/42", "mary.smith", "$1,500", "9:30am"). */
const TOKEN = /[\p{L}\p{N}\p{M}$%#*\ue000]+(?:[’'.\-/:,@_+&][\p{L}\p{N}\p{M}$%#*\ue000]+)*/gu;
const SENTENCE_END = /[!?\n•]/;
/** A full stop after a title or an initial ends no sentence: "Mr. Brown", "J. Brown". */
const NOT_A_SENTENCE_END = /^(?:\p{L}|mr|mrs|ms|dr|prof|st|mt|no|rev|fr)$/iu;
/** Between a number and its unit or item: spaces and a hyphen ("3-phase", "6 x"), not a comma or a line. */
const JOINS_A_QUANTITY = /^[ \t-]*$/;

function tokensOf(text: string): { tokens: Token[]; tail: string } {
  const tokens: Token[] = [];
  let at = 0;
  for (const m of text.matchAll(TOKEN)) {
    const gap = text.slice(at, m.index);
    const before = tokens.at(-1);
    const fullStop = gap.includes(".") && !NOT_A_SENTENCE_END.test(before?.text ?? "");
    tokens.push({ text: m[0], gap, sentenceStart: !before || fullStop || SENTENCE_END.test(gap), capitals: false });
    at = m.index + m[0].length;
  }
  markCapitalSentences(tokens);
  return { tokens, tail: text.slice(at) };
}

const isLower = (word: string) => word === word.toLowerCase();
const isCapitalised = (word: string) => /^\p{Lu}/u.test(word);

/**
 * A sentence in capitals or Title Case ("NEED NEW DOWNLIGHTS", "Need New Downlights"): a capital
 * there tells no name from a word, so only words of the trade and function words show in it
 * (isSafePiece). Counted over the words that do not start the sentence, sentence by sentence, so
 * one shouted line leaves the others as they are.
 */
function markCapitalSentences(tokens: Token[]): void {
  for (let start = 0; start < tokens.length;) {
    let end = start + 1;
    while (end < tokens.length && !tokens[end]!.sentenceStart) end++;
    const words = tokens.slice(start + 1, end).filter((t) => /^\p{L}{2,}$/u.test(t.text));
    const capitals = words.length >= 5 && words.filter((t) => isCapitalised(t.text)).length >= words.length * 0.75;
    for (let k = start; k < end; k++) tokens[k]!.capitals = capitals;
    start = end;
  }
}

/** "don't" is "do", "it's" is "it", "we'll" is "we". */
function withoutContraction(word: string): string {
  const lowered = word.toLowerCase();
  if (/^(?:can|won|shan)['’]t$/.test(lowered)) return word.slice(0, -2);
  return word.replace(/n['’]t$/i, "").replace(/['’](?:s|re|ve|ll|d|m)$/i, "");
}

interface Context {
  publicWords: PublicWords;
}

/** One piece of a word, letters only, as typed, in a sentence in `capitals` or not. */
function isSafePiece(piece: string, firstOfSentence: boolean, capitals: boolean, ctx: Context): boolean {
  const lowered = piece.toLowerCase();
  if (ctx.publicWords.has(lowered) || piece === "I") return true;
  if (TRADE_ACRONYMS.has(lowered) && piece === piece.toUpperCase() && piece.length >= 2) return true;
  const lower = isLower(piece);
  if (lower) return safetyOf(lowered) !== "never" || EVERYDAY_WORDS.has(lowered) || TRADE_BRANDS.has(lowered);
  // Capitalised from here. An initial is a name's ("J. Brown"); "A" starts a sentence.
  if (piece.length === 1) return piece === "A" && firstOfSentence;
  // A given name is a name whatever list has the word ("Mark", "Marina",
  // "Kit"), but a function word may start a sentence ("My", "Any", "Will").
  const functionWord = isFunctionWord(lowered) && (firstOfSentence || capitals);
  if (functionWord || EVERYDAY_WORDS.has(lowered)) return true;
  if (isGivenName(lowered) || isPlaceName(lowered)) return false;
  if (TRADE_BRANDS.has(lowered)) return true;
  // In capitals only the trade's words and function words: "BROWN" may be a surname.
  if (capitals) return isTradeWord(lowered);
  if (isPlaceWord(lowered) || safetyOf(lowered) !== "any") return false;
  // A capitalised word is a name unless it starts a sentence ("Kitchen lights flicker").
  return firstOfSentence && isLower(piece.slice(1));
}

function isSafeWord(token: Token, ctx: Context): boolean {
  const pieces = withoutContraction(token.text)
    .split(/[’'.\-/:,@_+&]+/)
    .filter(Boolean);
  return (
    pieces.length > 0 && pieces.every((piece, i) => /^[\p{L}\p{M}]+$/u.test(piece) && isSafePiece(piece, token.sentenceStart && i === 0, token.capitals, ctx))
  );
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

/** Breaker and circuit ratings: "32A", "20 A". Any other number with an A is a house ("42A"). */
const AMP_RATINGS = new Set(["6", "10", "13", "15", "16", "20", "25", "32", "40", "50", "63", "80", "100", "125", "160", "200", "250", "400"]);

/** `token` is a unit of the number `amount` right before it. */
function isUnit(token: Token | undefined, amount: string): boolean {
  if (!token || !JOINS_A_QUANTITY.test(token.gap)) return false;
  const lowered = token.text.toLowerCase();
  if (!QUANTITY_UNITS.has(lowered)) return false;
  if (lowered === "a") return AMP_RATINGS.has(amount);
  return SYMBOL_UNITS.has(lowered) || isLower(token.text) || token.capitals;
}

/** Words a number after them names a place or a way in by: "Unit 3", "level 12", "shop 4", "Buzz 482", "gate 2". */
const NUMBERS_A_PLACE =
  /^(?:unit|u|apt|apartment|flat|shop|suite|villa|townhouse|lot|level|lvl|floor|number|no|num|house|room|gate|door|bay|block|building|buzz|buzzer|dial|press|intercom|box|pin|code|ref|reference)$/i;

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
  // "32A" is amps; "42A" and "42a" are a house.
  if (withUnit) {
    const [amount, unit] = [token.text.slice(0, token.text.length - withUnit[1]!.length).replace(/-$/, ""), withUnit[1]!.toLowerCase()];
    return QUANTITY_UNITS.has(unit) && (unit !== "a" || AMP_RATINGS.has(amount));
  }
  if (!BARE_NUMBER.test(token.text)) return false;
  if (ctx.publicWords.has(token.text)) return true;
  const before = tokens[at - 1];
  if (before && NUMBERS_A_PLACE.test(before.text) && /^[ \t.:#-]*$/.test(token.gap)) return false;
  const after = tokens.slice(at + 1, at + 4);
  if (after.some((t) => isStreetAbbreviation(t.text.toLowerCase().replace(/\.$/, "")))) return false;
  if (isUnit(after[0], token.text)) return true;
  if (before && /^[x×]$/i.test(before.text) && JOINS_A_QUANTITY.test(token.gap)) return true;
  // Three digits or more count only what comes right after them: "Buzz 482 on the intercom" is a code.
  const digits = token.text.replace(/\D/g, "").length;
  if (digits > 3) return false;
  for (const next of digits === 3 ? after.slice(0, 1) : after) {
    if (!JOINS_A_QUANTITY.test(next.gap) || !isSafeWord(next, ctx)) return false;
    // An item of the trade: "downlights", "LED", "GPOs".
    if (isTradeWord(next.text.toLowerCase())) return true;
  }
  return false;
}

/** Number words and digits side by side: two number words or more are a number said aloud ("four eight two one"), masked. */
function markSpokenRuns(tokens: Token[], shown: boolean[]): void {
  const isNumberWord = (t: Token | undefined) => Boolean(t) && t!.text.split("-").every((p) => NUMBER_WORDS.has(p.toLowerCase()));
  // "double" and "triple" say a digit twice only before one: "double four", not "two double power points".
  const saysDigits = (t: Token, next: Token | undefined) => !/^(?:double|triple)$/i.test(t.text) || isNumberWord(next);
  const isNumberPiece = (k: number) => /^\d+$/.test(tokens[k]!.text) || (isNumberWord(tokens[k]) && saysDigits(tokens[k]!, tokens[k + 1]));
  const wordsIn = (t: Token) => (/^\d+$/.test(t.text) ? 0 : t.text.split("-").length);
  for (let i = 0; i < tokens.length;) {
    let end = i;
    let words = 0;
    while (end < tokens.length && isNumberPiece(end) && (end === i || /^[\s,./-]*$/.test(tokens[end]!.gap))) words += wordsIn(tokens[end++]!);
    const said = tokens
      .slice(i, end)
      .map((t) => t.text.toLowerCase())
      .join(" ");
    // "triple zero" is the emergency number, not a code.
    if (words >= 2 && said !== "triple zero") for (let k = i; k < end; k++) shown[k] = false;
    i = Math.max(end, i + 1);
  }
}

/** Whatever follows a title is a name, even a brand's or a word's: "Ms Carrier", "Mr White". */
const TITLE = /^(?:mr|mrs|ms|miss|mx|dr|prof|sir|dame|rev|fr)$/i;
const isAfterTitle = (tokens: Token[], at: number) => at > 0 && TITLE.test(tokens[at - 1]!.text) && /^[\s.]*$/.test(tokens[at]!.gap);

/** Masks side by side, with only spaces or joining punctuation between them, are one. */
const MASKS_SIDE_BY_SIDE = (mark: string) => new RegExp(`${mark}(?:[\\s,;/&+@()\\-–—'"’]*${mark})+`, "g");

/** `text` (already scrubbed by pattern, its masks written as `mark`) with every word not known to be safe masked. */
export function showOnlySafeWords(text: string, publicWords: PublicWords, mark: string): string {
  const { tokens, tail } = tokensOf(text);
  const ctx: Context = { publicWords };
  const shown = tokens.map(
    (token, i) => !token.text.includes(mark) && !isAfterTitle(tokens, i) && (/\d/.test(token.text) ? isQuantity(tokens, i, ctx) : isSafeWord(token, ctx)),
  );
  // A quantity's unit shows with it: "25 m", "7 kW", "32 A".
  tokens.forEach((token, i) => {
    if (i > 0 && shown[i - 1] && /\d/.test(tokens[i - 1]!.text) && isUnit(token, tokens[i - 1]!.text)) shown[i] = true;
  });
  markSpokenRuns(tokens, shown);
  const out = tokens.map((token, i) => token.gap + (shown[i] ? token.text : mark)).join("") + tail;
  return out.replace(MASKS_SIDE_BY_SIDE(mark), mark);
}
