// What of the customer's name shows before purchase (the first name), and which pieces of
// it are the surname to mask in free text (docs/decisions/035-customer-text-redaction.md).

/** Latin, full-width and Arabic commas: "Surname, Given" in any of them. */
const NAME_COMMA = /[,，،]/u;
/** A run of letters (with their accents); an apostrophe inside it stays: O'Neil, D’Arcy. */
const NAME_WORD = /\p{L}[\p{L}\p{M}]*(?:['’]\p{L}[\p{L}\p{M}]*)*/gu;
/** Blanks and invisible characters a name may start with. */
const LEADING_BLANK = /^[\s\u00ad\u200b-\u200d\u2060\ufeff]+/u;

/** Shown when the name does not start with a letter (a phone number typed as the name). */
const UNNAMED_CUSTOMER = "Customer";

/**
 * The given name only: the first run of letters (after the comma in "Surname, Given"),
 * stopping at anything that is not a letter: a space, hyphen, dot, underscore, slash,
 * digit or invisible character ("Johnathan_Zebedee" shows "Johnathan", "J.Zebedee" "J").
 */
export function firstNameOf(fullName: string): string {
  const comma = fullName.search(NAME_COMMA);
  const given = (comma === -1 ? fullName : fullName.slice(comma + 1)).replace(LEADING_BLANK, "");
  NAME_WORD.lastIndex = 0;
  const word = NAME_WORD.exec(given);
  return word && word.index === 0 ? word[0] : UNNAMED_CUSTOMER;
}

/** Every piece of the name but the shown first name, split on the same separators: the surname and middle names. */
export function hiddenNamePieces(fullName: string): string[] {
  const shown = firstNameOf(fullName).toLowerCase();
  const pieces = fullName.match(NAME_WORD) ?? [];
  return [...new Set(pieces.filter((p) => p.length >= 2 && p.toLowerCase() !== shown))];
}
