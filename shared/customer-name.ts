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

/** Titles are not names: "Dr Mary Smith" shows "Mary". */
const TITLE = /^(?:dr|mr|mrs|ms|miss|mx|prof|sir|dame|rev|fr)$/i;
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
  const titled = TITLE.test(words[0]![0]);
  const word = titled ? words[1] : words[0];
  // "Mr Smith": one word after the title, in a name with no comma, is the surname.
  if (!word || (titled && comma === -1 && words.length < 3)) return UNNAMED_CUSTOMER;
  return PLAUSIBLE_GIVEN_NAME.test(word[0]) ? word[0] : UNNAMED_CUSTOMER;
}

/** Every piece of the name but the shown first name and titles, split on the same separators: the surname and middle names. */
export function hiddenNamePieces(fullName: string): string[] {
  const shown = firstNameOf(fullName).toLowerCase();
  const pieces = fullName.match(NAME_WORD) ?? [];
  return [...new Set(pieces.filter((p) => p.length >= 2 && p.toLowerCase() !== shown && !TITLE.test(p)))];
}

/**
 * The surname as people also spell it: "O'Neil-Smith" is "ONeil", "O Neil", "Oneilsmith" and
 * "Neil Smith" too. Every run of the hidden pieces' letters, with any separator or none between
 * them, of 2 letters or more. Longest first, so the whole wins over its parts.
 */
export function surnameSpellings(fullName: string): string[][] {
  const runs = hiddenNamePieces(fullName)
    .flatMap((piece) => piece.split(/['’]/))
    .filter(Boolean);
  const spellings: string[][] = [];
  for (let from = 0; from < runs.length; from++) {
    for (let to = from + 1; to <= runs.length; to++) {
      const letters = runs.slice(from, to);
      if (letters.join("").length >= 2) spellings.push(letters);
    }
  }
  return spellings.sort((a, b) => b.join("").length - a.join("").length);
}
