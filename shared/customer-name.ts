// What of the customer's name shows before purchase (the first name), and which pieces of
// it are the surname to mask in free text (docs/decisions/035-customer-text-redaction.md).

/** Latin, full-width and Arabic commas: "Surname, Given" in any of them. */
const NAME_COMMA = /[,，،]/u;
/** A run of letters (with their accents); an apostrophe inside it stays: O'Neil, D’Arcy. */
const NAME_WORD = /\p{L}[\p{L}\p{M}]*(?:['’]\p{L}[\p{L}\p{M}]*)*/gu;
/** Blanks and invisible characters a name may start with. */
const LEADING_BLANK = /^[\s\u00ad\u200b-\u200d\u2060\ufeff]+/u;

/** Shown when no plausible given name is left (a phone number typed as the name, "Mr Smith"). */
export const UNNAMED_CUSTOMER = "Customer";

/** Titles are not names: "Dr Mary Smith" shows "Mary"; nor what joins two ("Mr and Mrs Smith"). */
const TITLE = /^(?:dr|mr|mrs|ms|miss|mx|prof|sir|dame|rev|fr)$/i;
const TITLE_OR_JOIN = /^(?:dr|mr|mrs|ms|miss|mx|prof|sir|dame|rev|fr|and)$/i;
/** The start of a surname: "Dr De Luca" names no given name. */
const SURNAME_PARTICLE = /^(?:de|da|di|del|della|van|von|der|le|la|du|st|mac|mc|o|al|el|bin|ben|ter|ten)$/i;
/** After a title or before the comma, a given name of one letter ("J.", "Mr J Smith") is an initial: nothing plausible. */
const PLAUSIBLE_GIVEN_NAME = /^\p{L}[\p{L}\p{M}'’]+$/u;

/**
 * The given name only: the first run of letters (after the comma in "Surname, Given", after a
 * title), stopping at anything that is not a letter: a space, hyphen, dot, underscore, slash,
 * digit or invisible character ("Johnathan_Zebedee" shows "Johnathan"). "Customer" when what is
 * left is no plausible given name: an initial ("J.Zebedee"), or the one word after a title
 * ("Mr Smith" is a surname).
 */
export function firstNameOf(fullName: string): string {
  const comma = fullName.search(NAME_COMMA);
  const given = (comma === -1 ? fullName : fullName.slice(comma + 1)).replace(LEADING_BLANK, "");
  const words = [...given.matchAll(NAME_WORD)];
  if (words.length === 0 || words[0]!.index !== 0) return UNNAMED_CUSTOMER;
  if (!TITLE.test(words[0]![0])) return PLAUSIBLE_GIVEN_NAME.test(words[0]![0]) ? words[0]![0] : UNNAMED_CUSTOMER;
  // After a title (and "and", another title): "Mr Smith", "Mrs Smith-Jones", "Mr & Mrs Smith" and
  // "Dr De Luca" name no given name; "Dr Mary Smith" and "Smith, Dr Mary" do.
  const rest = given
    .split(/[\s&+]+/)
    .filter(Boolean)
    .filter((w, i, all) => !all.slice(0, i + 1).every((v) => TITLE_OR_JOIN.test(v.replace(/\.$/, ""))));
  const word = rest[0]?.match(NAME_WORD)?.[0];
  if (!word || (comma === -1 && (rest.length < 2 || SURNAME_PARTICLE.test(word)))) return UNNAMED_CUSTOMER;
  return PLAUSIBLE_GIVEN_NAME.test(word) ? word : UNNAMED_CUSTOMER;
}

/** Every piece of the name but the shown first name and titles, split on the same separators: the surname and middle names. */
export function hiddenNamePieces(fullName: string): string[] {
  const shown = firstNameOf(fullName).toLowerCase();
  const pieces = fullName.match(NAME_WORD) ?? [];
  return [...new Set(pieces.filter((p) => p.length >= 2 && p.toLowerCase() !== shown && !TITLE.test(p)))];
}

/**
 * The surname as people also spell it: "O'Neil-Smith" is "ONeil", "O Neil", "Oneilsmith" and
 * "Neil Smith" too. The hidden pieces' letter runs, all together, in pairs side by side and
 * alone, with any separator or none between them, of 2 letters or more. Longest first, so the
 * whole wins over its parts.
 */
export function surnameSpellings(fullName: string): string[][] {
  // The pattern grows with the number of runs, linearly; no real name has 40.
  const runs = hiddenNamePieces(fullName)
    .flatMap((piece) => piece.split(/['’]/))
    .filter(Boolean)
    .slice(0, 40);
  // The whole, each pair side by side, each run alone.
  const candidates = [runs, ...runs.slice(1).map((run, i) => [runs[i]!, run]), ...runs.map((run) => [run])];
  const seen = new Set<string>();
  const spellings = candidates.filter((letters) => {
    const key = letters.join(" ").toLowerCase();
    if (letters.join("").length < 2 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return spellings.sort((a, b) => b.join("").length - a.join("").length);
}
