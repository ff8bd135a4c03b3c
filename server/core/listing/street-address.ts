// Street addresses in what customers type, for the redaction before purchase
// (docs/decisions/035-customer-text-redaction.md): the shape of any Australian street
// address, and the customer's own street in the forms people write it.
import { TRADE_WORDS } from "../../../shared/trade-glossary";

/**
 * Street types that are rarely anything else after a number and a word ("42 Wallaby Road",
 * "7 park ave"): masked in any case. Longer spellings first, so "Street" is not "St".
 */
const STREET_TYPES = [
  "street",
  "st",
  "road",
  "rd",
  "avenue",
  "ave",
  "av",
  "crescent",
  "cres",
  "crs",
  "cr",
  "drive",
  "dr",
  "parade",
  "pde",
  "terrace",
  "tce",
  "highway",
  "hwy",
  "boulevarde",
  "boulevard",
  "blvd",
  "bvd",
  "esplanade",
  "esp",
  "lane",
  "ln",
  "grove",
  "gve",
  "gr",
  "place",
  "pl",
  "close",
  "cl",
  "way",
  "wy",
  "square",
  "sq",
  "mews",
  "promenade",
  "parkway",
  "pkwy",
  "freeway",
  "fwy",
  "motorway",
  "mwy",
  "ct",
  "crt",
  "cct",
];
/**
 * Street types that are also everyday words ("a 20 amp circuit", "2 tennis court lights"):
 * an address only when the street's name is capitalised ("3 Lyrebird Circuit").
 */
const CAPITALISED_STREET_TYPES = [
  "court",
  "circuit",
  "circle",
  "cir",
  "row",
  "walk",
  "loop",
  "track",
  "rise",
  "view",
  "point",
  "link",
  "pass",
  "path",
  "green",
  "mall",
  "quay",
  "retreat",
  "chase",
  "outlook",
  "ridge",
  "vista",
  "glen",
  "heights",
  "gardens",
  "grange",
  "strand",
  "approach",
  "crossing",
  "reserve",
  "run",
  "wynd",
  "meander",
];
const CAPITALISED_ONLY = new Set(CAPITALISED_STREET_TYPES);
/** Words that name a place in Australian addresses and localities ("Mount Druitt", "Bondi Beach", "North Rd"). */
export const PLACE_WORDS = `
  north south east west northern southern eastern western upper lower mount mt port bay beach hill hills creek river
  lake valley vale heights island isle harbour harbor park king queen prince princess saint station bridge junction
  gully falls springs ridge grove glen cove headland forest gardens downs plains field fields town city village wood
  woods rock rocks hollow cape bluff mountain gap flats ranges estate point heath marsh bush brook meadow meadows
  ferry wharf pier dock lagoon sound inlet peak summit crest tor common green commons mill mills farm castle tower
  abbey chapel cross corner corners crossroads
`
  .trim()
  .split(/\s+/);

/** Every street type, lower case: never a safe word on its own (safe-words.ts). */
export const STREET_TYPE_WORDS: readonly string[] = [...STREET_TYPES, ...CAPITALISED_STREET_TYPES];
const ANY_STREET_TYPE = [...STREET_TYPES, ...CAPITALISED_STREET_TYPES].sort((a, b) => b.length - a.length).join("|");
const STREET_TYPE_WORD = new RegExp(`^(?:${ANY_STREET_TYPE})\\.?$`, "i");

/**
 * Words that cannot be a street's name: small words ("2 lights in place", "3 spots close
 * to") and the words of electrical work ("20 amp circuit", "2 way", "3 phase").
 */
const NOT_A_STREET_NAME =
  "in|on|at|of|to|for|and|or|with|from|near|by|per|each|a|an|is|are|was|x|my|our|your|this|that|" +
  "amps?|volts?|v|kw|kva|w|watts?|phase|gang|pole|core|mm|m|metres?|meters?|lights?|power|points?|new|extra|more|double|" +
  "single|dedicated|separate|outdoor|indoor|way|switch(?:es)?|gpos?|downlights?|circuits?|sockets?|outlets?|hours?|" +
  "minutes?|days?|weeks?|years?|storey|story|bedrooms?|cars?|tennis|sq";
const SMALL_OR_WORK_WORD = new RegExp(`^(?:${NOT_A_STREET_NAME})$`, "i");
const NAME_WORD = `(?!(?:${NOT_A_STREET_NAME})(?![\\p{L}\\p{M}'’-]))\\p{L}[\\p{L}\\p{M}'’-]*`;
const UNIT_WORDS = "unit|u|apt|apartment|flat|shop|suite|villa|townhouse|lot|level|lvl";
/** "Unit 3, ", "U3/", "Apt 12 ": a unit before the house number. */
const UNIT_PREFIX = `(?:(?:${UNIT_WORDS})\\.?[ \\t]*\\d+[a-z]?[ \\t]*[,/]?[ \\t]*)`;
/** "42", "42a", "3/42", "3-42", "3 / 42". */
const HOUSE_NUMBER = "\\d{1,5}[a-z]?(?:[ \\t]*[/-][ \\t]*\\d{1,5}[a-z]?)?";

/** Between a street's words: spaces, or one line break ("42 Wallaby" / "Way Parramatta"). */
const STREET_GAP = "(?:[ \\t]*\\n[ \\t]*|[ \\t]+)";
/** One to three name words, "of" and "the" between them ("Bay of Fires"). */
const STREET_NAME = `(?:the[ \\t]+)?${NAME_WORD}(?:${STREET_GAP}(?:of[ \\t]+(?:the[ \\t]+)?)?${NAME_WORD}){0,2}`;
/** Street types that come first in names with "of": "22 Avenue of Honour". */
const TYPE_FIRST = "avenue|ave|road|rd|boulevard|parade|esplanade|way|highway";

/**
 * Any street address: an optional unit, a house number, one to three name words and a
 * street type, within one line or with the type on the next. Groups: 1 the name, 2 the street
 * type; or 3 the type first, 4 the name after "of".
 */
const STREET_SHAPE = new RegExp(
  `(?<![\\p{L}\\p{N}])${UNIT_PREFIX}?${HOUSE_NUMBER}[ \\t]*,?${STREET_GAP}(?:(${STREET_NAME})${STREET_GAP}(${ANY_STREET_TYPE})\\.?|(${TYPE_FIRST})[ \\t]+of[ \\t]+((?:the[ \\t]+)?${NAME_WORD}(?:[ \\t]+${NAME_WORD})?))(?![\\p{L}\\p{N}])`,
  "giu",
);

/** Street types nothing else is after a number and a word: "9 new road", "14 power street". */
const PLAIN_STREET_TYPES = "street|st|road|rd|avenue|ave|av|crescent|cres|crs|parade|pde|terrace|tce|highway|hwy|boulevarde|boulevard|blvd|bvd|esplanade|esp";
const SMALL_WORD = "in|on|at|of|to|for|and|or|with|from|near|by|per|each|a|an|is|are|was|my|our|your|this|that|the";
/** Any name words, even of the work ("new", "power"), before a plain street type, within one line. */
const PLAIN_STREET = new RegExp(
  `(?<![\\p{L}\\p{N}])${UNIT_PREFIX}?${HOUSE_NUMBER}[ \\t]*,?[ \\t]+(?:(?!(?:${SMALL_WORD})[ \\t])\\p{L}[\\p{L}\\p{M}'’-]*[ \\t]+){1,3}(?:${PLAIN_STREET_TYPES})\\.?(?![\\p{L}\\p{N}])`,
  "giu",
);

/** "lot 7", "Lot 12B", "DP 1234", "SP 98765", "deposited plan 1234": a title's lot and plan. */
const LOT_OR_PLAN = /(?<![\p{L}\p{N}])(?:(?:lot|lt)\.?[ \t]*\d{1,5}[a-z]?|(?:dp|sp|deposited[ \t]+plan|strata[ \t]+plan)\.?[ \t]*\d{2,7})(?![\p{L}\p{N}])/giu;

/** A street of a corner: one or two words, or a street already masked (the customer's own, "\\ue000"). */
const CORNER_STREET = `[\\p{L}'’\\ue000-]+(?:[ \\t]+[\\p{L}'’-]+)?`;
/**
 * A corner: "cnr George and King", "the corner of George St and King St", "cnr george & king sts".
 * Groups: 1 "cnr" or "corner of", 2 and 3 the two streets.
 */
const CORNER = new RegExp(
  `(?<![\\p{L}])(cnr\\.?|corner[ \\t]+of)[ \\t]+(?:the[ \\t]+)?(${CORNER_STREET})[ \\t]*(?:and|&|/|,|(?<=[ \\t])n(?=[ \\t]))[ \\t]*(${CORNER_STREET})`,
  "giu",
);
const STREET_TYPE_AT_END = new RegExp(`[ \\t](?:${ANY_STREET_TYPE})s?\\.?$`, "i");
/** "cnr" always names streets; "the corner of" only capitalised names or street types ("the corner of the kitchen and lounge" stays). */
const namesStreets = (word: string, a: string, b: string) =>
  /^cnr/i.test(word) || [a, b].some((street) => /^\p{Lu}/u.test(street) || STREET_TYPE_AT_END.test(street));

const capitalised = (name: string) => /^\p{Lu}/u.test(name.replace(/^the[ \t]+/i, ""));
/**
 * Street types that are everyday words, a type on the next line and a name after "of" count
 * only after a capitalised name: "3 Lyrebird Circuit" and "42 Wallaby" / "Way" are streets,
 * "2 tennis court lights", "3 fans" / "Drive ..." and "2 way of wiring" are not.
 */
const isStreet = (whole: string, name: string, type: string) => {
  // On the next line after a word of the trade, a list's item is no street: "2 Pendants" / "Place them over the island".
  if (whole.includes("\n") && isTradeName(name)) return false;
  return capitalised(name) || !(CAPITALISED_ONLY.has(type.toLowerCase()) || whole.includes("\n") || / of /i.test(whole.slice(whole.indexOf(type))));
};

/** A street type as a street's name is written: "Street", "STREET", and the abbreviations in any case ("st", "Rd"). */
const writtenType = (type: string) => {
  const title = type[0]!.toUpperCase() + type.slice(1);
  return STREET_ABBREVIATION.test(type) ? `${title}|${type.toUpperCase()}|${type}` : `${title}|${type.toUpperCase()}`;
};
const STREET_ABBREVIATION = /^(?:st|rd|ave?|cres|crs|cr|dr|pde|tce|hwy|blvd|bvd|esp|ln|gve|gr|pl|cl|wy|sq|pkwy|fwy|mwy|ct|crt|cct|cir)$/;
/**
 * A street named without a house number: a capitalised name and a street type ("off Hillston
 * Rd", "King Street", "Blue Gum CLOSE"). Not when the name is a word of the trade ("Power
 * Point"). Groups: 1 the name, 2 the type.
 */
const NAMED_STREET = new RegExp(
  `(?<![\\p{L}\\p{N}])(\\p{Lu}[\\p{L}'’-]+(?:[ \\t]+\\p{Lu}[\\p{L}'’-]+)?)[ \\t]+(${[...STREET_TYPES, ...CAPITALISED_STREET_TYPES].map(writtenType).join("|")})\\.?(?![\\p{L}\\p{N}])`,
  "gu",
);
const PLACES = new Set(PLACE_WORDS);
/** A name of the trade's words ("Power", "Pendants"): a street only before a plain street type. */
const isTradeName = (name: string) =>
  name.split(/\s+/).some((word) => TRADE_WORDS.has(word.toLowerCase().replace(/s$/, "")) && !PLACES.has(word.toLowerCase()));
const PLAIN_TYPE = new RegExp(`^(?:${PLAIN_STREET_TYPES})\\.?$`, "i");
const SMALL_WORDS = new RegExp(`^(?:${SMALL_WORD})$`, "i");
/** A named street unless its name is a small word ("In The Court Yard") or, before a type that is also a word, the trade's ("Power Point"). */
const isNamedStreet = (name: string, type: string) =>
  !name.split(/[ \t]+/).some((word) => SMALL_WORDS.test(word)) && (PLAIN_TYPE.test(type) || !isTradeName(name));

/** Every street address, corner, lot and plan in `text` replaced by `mark`. */
export function markStreetAddresses(text: string, mark: string): string {
  return text
    .replace(STREET_SHAPE, (whole: string, name: string | undefined, type: string | undefined, typeFirst: string | undefined, ofName: string | undefined) =>
      isStreet(whole, name ?? ofName!, type ?? typeFirst!) ? mark : whole,
    )
    .replace(PLAIN_STREET, mark)
    .replace(CORNER, (whole: string, word: string, a: string, b: string) => (namesStreets(word, a, b) ? `${word} ${mark}` : whole))
    .replace(LOT_OR_PLAN, mark)
    .replace(NAMED_STREET, (whole: string, name: string, type: string) => (isNamedStreet(name, type) ? mark : whole));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Invisible characters that may sit inside a word without showing. */
const INVISIBLE = "[\\u00ad\\u200b-\\u200d\\u2060\\ufeff]*";
/** A word as typed, with invisible characters between its letters tolerated ("Custo\u200bmerson"). */
export const wordPattern = (word: string) => [...word].map(escapeRegExp).join(INVISIBLE);
/** Words with any run of spaces, commas or line breaks between them: "14  Church" is "14 Church". */
const wordsPattern = (words: string[]) => words.map(escapeRegExp).join("[\\s,;]+");

interface Street {
  /** "42", or for "3/42" both "3/42" and "42". */
  houseNumbers: string[];
  /** Unit numbers written before the street ("Unit 3, 42 ..."). */
  units: string[];
  name: string[];
}

const isWord = (token: string) => /^\p{L}[\p{L}\p{M}'’.-]*$/u.test(token);
const isStreetType = (token: string) => STREET_TYPE_WORD.test(token);
const STATE = /^(nsw|vic|qld|wa|sa|tas|act|nt|australia)$/i;

/** The street of an address in the forms people type it ("Unit 3, 42 Wallaby Way, Sydney"; "3/42 wallaby way sydney"; two lines). */
function streetOf(address: string): Street | null {
  const units: string[] = [];
  for (const part of address.split(/[,;\n]+/)) {
    const tokens = part.trim().split(/\s+/).filter(Boolean);
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (!/\d/.test(token)) continue;
      const next = tokens[i + 1];
      if (!next || !isWord(next)) {
        units.push(...(token.match(/\d+[a-z]?/gi) ?? []));
        continue;
      }
      let name: string[] = [];
      let typed = false;
      for (let j = i + 1; j < tokens.length && name.length < 3 && isWord(tokens[j]!) && !STATE.test(tokens[j]!); j++) {
        if (isStreetType(tokens[j]!) && name.length > 0) {
          typed = true;
          break;
        }
        name.push(tokens[j]!);
      }
      // Without a street type ("U3 42 Wallaby Sydney") the words after the first are the suburb's.
      if (!typed) name = name.slice(0, 1);
      const house = token.replace(/^\p{L}+\.?/u, "");
      const pieces = house.match(/\d+[a-z]?/gi) ?? [];
      return { houseNumbers: [...new Set([house, ...pieces.slice(-1)])], units: [...units, ...pieces.slice(0, -1)], name };
    }
    // No house number: a name that ends in a street type ("Wallaby Way, Sydney"), in a part
    // that is not the locality ("Bella Vista NSW 2153" is a suburb, shown anyway).
    if (tokens.some((t) => STATE.test(t) || /^\d{4}$/.test(t))) continue;
    const typeAt = tokens.findIndex((t, k) => k > 0 && isStreetType(t));
    const name = tokens.slice(Math.max(0, typeAt - 3), typeAt).filter(isWord);
    // "My place" names no street: masking "my" before every street type would eat "my way".
    if (typeAt > 0 && !name.every((w) => SMALL_OR_WORK_WORD.test(w))) return { houseNumbers: [], units, name };
  }
  return null;
}

/**
 * Patterns (regex sources) for the customer's own address: the whole of it in any spacing,
 * its street with or without the house number, unit or street type, and a street name of
 * two words or more on its own. When the text names no street ("Parramatta NSW 2150"), the
 * whole of it only if `wholeAlways` (the address field: whatever the customer put there).
 */
export function ownAddressPatterns(address: string, wholeAlways = false): string[] {
  const tokens = address.split(/[\s,;]+/).filter(Boolean);
  const whole = address.trim().length >= 4 ? [wordsPattern(tokens)] : [];
  const street = streetOf(address);
  if (!street || street.name.length === 0) return wholeAlways ? whole : [];
  const name = wordsPattern(street.name);
  const type = `(?:[ \\t]+(?:${ANY_STREET_TYPE})\\b\\.?)`;
  const numbers = street.houseNumbers.map((n) => n.split(/[/-]/).map(escapeRegExp).join("[ \\t]*[/-][ \\t]*"));
  const units = street.units.map(escapeRegExp).join("|");
  // "Unit 3, 42", "U3 42" and "3/42" are the same unit's street.
  const unit = units ? `(?:(?:${UNIT_WORDS})\\.?[ \\t]*(?:${units})[ \\t]*[,/]?[ \\t]*|(?:${units})[ \\t]*[/-][ \\t]*)?` : "";
  const house = numbers.length ? `${unit}(?:${numbers.join("|")})[ \\t]*,?\\s+` : "";
  // The street with any street type, its house number optional; then without the type.
  const patterns = [...whole, `(?:${house})?${name}${type}`];
  if (house) patterns.push(`${house}${name}`);
  if (units) patterns.push(`(?:${UNIT_WORDS})\\.?[ \\t]*(?:${units})`);
  if (street.name.length > 1) patterns.push(name);
  return patterns;
}
